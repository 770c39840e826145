import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

interface Props {
  labelId: string;
  html: string;
  onChange: (html: string) => void;
  onFailure: (error: unknown) => void;
  t: (key: string) => string;
}

/** What the toolbar offers: what the server's sanitiser keeps (server/announcements/sanitise.ts). */
const marks = [
  { key: 'announcement_tool_bold', name: 'bold', run: 'toggleBold' },
  { key: 'announcement_tool_italic', name: 'italic', run: 'toggleItalic' },
  { key: 'announcement_tool_bullets', name: 'bulletList', run: 'toggleBulletList' },
  { key: 'announcement_tool_numbers', name: 'orderedList', run: 'toggleOrderedList' },
] as const;

/**
 * The rich-text editor (Tiptap 3, the starter kit): headings of two levels, bold, italic, lists, links. Loaded only
 * when the console's announcement page runs (RichText.tsx imports it on demand), never on a traveller's page.
 */
export default function TiptapEditor({ labelId, html, onChange, onFailure, t }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
      }),
    ],
    content: html,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'announcement-body min-h-32 rounded-b-field border border-base-300 bg-base-100 p-3 focus:outline-4 focus:outline-primary/30',
      },
    },
    onUpdate: ({ editor: changed }) => {
      onChange(changed.getHTML());
    },
    onContentError: ({ error }) => {
      onFailure(error);
    },
  });
  useEffect(() => () => editor?.destroy(), [editor]);
  if (!editor) return null;
  const link = () => {
    const current = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('announcement_tool_link_prompt'), current ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const button =
    'rounded-full border border-base-300 px-3 py-1 text-sm aria-pressed:bg-base-300 aria-pressed:font-bold';
  return (
    <div data-testid="rich-text-editor">
      <div
        role="toolbar"
        aria-label={t('announcement_toolbar')}
        className="flex flex-wrap gap-1 rounded-t-field border border-b-0 border-base-300 bg-base-200 p-2"
      >
        {([2, 3] as const).map((level) => (
          <button
            key={level}
            type="button"
            className={button}
            aria-pressed={editor.isActive('heading', { level })}
            onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
          >
            {t(level === 2 ? 'announcement_tool_heading' : 'announcement_tool_subheading')}
          </button>
        ))}
        {marks.map((mark) => (
          <button
            key={mark.name}
            type="button"
            className={button}
            aria-pressed={editor.isActive(mark.name)}
            onClick={() => editor.chain().focus()[mark.run]().run()}
          >
            {t(mark.key)}
          </button>
        ))}
        <button type="button" className={button} aria-pressed={editor.isActive('link')} onClick={link}>
          {t('announcement_tool_link')}
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
