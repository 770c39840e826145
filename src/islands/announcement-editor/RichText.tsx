import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { inputClass } from '../shared/Field.tsx';
import type TiptapEditor from './tiptap-editor.tsx';

interface Props {
  /** The field's name as the form posts it: `textEn`, `textId`. */
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  errors?: string[] | undefined;
  t: (key: string) => string;
}

type Editor = ComponentType<Parameters<typeof TiptapEditor>[0]>;

/** The editor threw while it started or drew: tell RichText, which puts the textarea back. */
class EditorBoundary extends Component<
  { onFailure: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onFailure(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One language's text: a plain textarea (the server's HTML, and the whole form without JavaScript) until the
 * rich-text editor has loaded; if it cannot load or start, the failure is logged and the textarea stays, holding
 * the same HTML, so the admin can go on writing and saving.
 */
export function RichText({ name, label, value, onChange, errors, t }: Props) {
  const [editor, setEditor] = useState<Editor | 'failed' | undefined>();
  const id = `announcement-${name}`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const failed = (error: unknown) => {
    console.error('announcement editor: could not start, the plain text field stays', error);
    setEditor('failed');
  };
  useEffect(() => {
    let live = true;
    import('./tiptap-editor.tsx').then(
      (module) => {
        if (live) setEditor(() => module.default);
      },
      (error: unknown) => {
        if (live) failed(error);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const Loaded = typeof editor === 'function' ? editor : undefined;
  return (
    <div className="grid gap-1" data-editor={Loaded ? 'rich' : editor === 'failed' ? 'failed' : 'plain'}>
      <label id={labelId} htmlFor={Loaded ? undefined : id} className="text-sm font-semibold">
        {label}
      </label>
      {Loaded ? (
        <>
          <EditorBoundary onFailure={failed}>
            <Loaded labelId={labelId} html={value} onChange={onChange} onFailure={failed} t={t} />
          </EditorBoundary>
          <input type="hidden" name={name} value={value} />
        </>
      ) : (
        <textarea
          id={id}
          name={name}
          rows={6}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          className={`${inputClass} h-auto py-2 font-mono text-sm`}
        />
      )}
      {errors?.length ? (
        <p id={errorId} className="text-sm text-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
