/** The whole screen while the browser is on its way to or back from Kakao: nothing to tap, just what is happening. */
export function AuthWorking({ text }: { text: string }) {
  return (
    <section className="auth" aria-busy="true">
      <p className="status-text" role="status">
        {text}
      </p>
    </section>
  );
}
