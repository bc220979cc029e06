import Markdown from 'react-markdown';
import './markdown.css';

/**
 * Markdown an operator wrote (the 개인정보 처리방침), drawn as React elements: raw HTML in it is dropped, never
 * inserted, and react-markdown's URL filter keeps javascript: links out.
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown skipHtml>{text}</Markdown>
    </div>
  );
}
