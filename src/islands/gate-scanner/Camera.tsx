import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import { qrReader, type QrReader } from './qr-reader.ts';

interface Props {
  locale: Locale;
  /** A QR code's text, as often as the camera reads it (the caller drops its repeats), or once per photo. */
  onText: (text: string, fromCamera: boolean) => void;
}

/** A frame every quarter second: quick enough for a queue, light enough for an old phone's battery. */
const FRAME_MS = 250;
let reader: Promise<QrReader> | undefined;
function readerOnce(): Promise<QrReader> {
  reader ??= qrReader().catch((error: unknown) => {
    // ZXing's module could not be fetched (offline before it ever loaded): asked again at the next frame.
    reader = undefined;
    throw error;
  });
  return reader;
}

/**
 * The back camera, read frame by frame, and "Scan a photo of a pass" for a phone whose camera is refused or broken
 * (or a screenshot a passenger sends): both go through the same reader.
 */
export default function Camera({ locale, onText }: Props) {
  const t = { locale };
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream>();
  const [problem, setProblem] = useState('');
  // The latest handler, read at each frame: a new one (the sailing's list refreshed) must not restart the camera.
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  }, [onText]);
  // Loaded while the gate is still online: a phone without a reader of its own fetches ZXing's module now.
  useEffect(() => {
    readerOnce().catch(() => undefined);
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    element.srcObject = stream;
    let reading = false;
    const timer = setInterval(() => {
      if (reading || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      reading = true;
      void readerOnce()
        .then((read) => read(element))
        .then((text) => {
          if (text) handler.current(text, true);
        })
        .catch(() => undefined)
        .finally(() => {
          reading = false;
        });
    }, FRAME_MS);
    return () => {
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
    };
  }, [stream]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    setProblem('');
    try {
      const opened = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      // The station closed while the phone asked for the camera: let the camera go at once.
      if (mounted.current) setStream(opened);
      else for (const track of opened.getTracks()) track.stop();
    } catch {
      setProblem(m.gate_camera_refused({}, t));
    }
  };

  const scanPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setProblem('');
    const bitmap = await createImageBitmap(file).catch(() => undefined);
    const read = await readerOnce().catch(() => undefined);
    // A picture the browser cannot draw (too large for its canvas) reads as no code, like an unreadable one.
    const text = bitmap && read && (await read(bitmap).catch(() => undefined));
    bitmap?.close();
    if (text) onText(text, false);
    else setProblem(m.gate_no_code({}, t));
  };

  return (
    <div className="grid gap-3">
      {stream && (
        <video
          ref={video}
          className="aspect-square w-full rounded-box bg-neutral object-cover"
          autoPlay
          muted
          playsInline
          aria-label={m.gate_camera_label({}, t)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {stream ? (
          <button
            type="button"
            className="btn rounded-full btn-outline"
            onClick={() => {
              setStream(undefined);
            }}
          >
            {m.gate_camera_stop({}, t)}
          </button>
        ) : (
          <button
            type="button"
            className="btn rounded-full shadow-none btn-primary"
            onClick={() => void start()}
          >
            {m.gate_camera_start({}, t)}
          </button>
        )}
        <label className="btn rounded-full btn-outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary">
          {m.gate_scan_photo({}, t)}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            data-testid="gate-photo"
            onChange={(event) => void scanPhoto(event)}
          />
        </label>
      </div>
      {problem && (
        <p role="alert" className="text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
