import Markdown, { type Components } from 'react-markdown';
import './markdown.css';

// The screen has its own h1 (its title): the text's headings sit one level below it, so an operator's "# 제목"
// never makes a second h1 and the outline stays whole.
const HEADINGS: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

/**
 * Markdown an operator wrote (the 개인정보 처리방침), drawn as React elements: raw HTML in it is dropped, never
 * inserted, and react-markdown's URL filter keeps javascript: links out.
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown skipHtml components={HEADINGS}>
        {text}
      </Markdown>
    </div>
  );
}
