import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser's own detector where it has one (not in lib.dom yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const CAMERA: MediaStreamConstraints = { video: { facingMode: 'environment' }, audio: false };
/** How often a frame of the camera is read: a code held up is seen within a quarter second. */
const READ_EVERY_MS = 250;

/** Reads one frame: the code in it, or undefined. A frame it cannot read never stops the camera. */
type ReadFrame = (video: HTMLVideoElement) => Promise<string | undefined>;

/**
 * The browser's own detector where it has one, otherwise ZXing (`@zxing/browser`, loaded only
 * then) one frame at a time: ZXing's own scan loop ends for good, camera off and silent, on any
 * decoding error it does not expect, which left a door showing its last answer for ever.
 */
async function frameReader(): Promise<ReadFrame> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  const formats = Detector ? await Detector.getSupportedFormats().catch((): string[] => []) : [];
  if (Detector && formats.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  return async (video) => reader.decode(video).getText();
}

/** Reads QR codes from the camera; every code read is handed to `onCode`. */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('checkIn');
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!scanning || !element) return;
    let stop = () => {};
    let stopped = false;
    (async () => {
      const read = await frameReader();
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
      element.srcObject = stream;
      await element.play();
      let reading = false;
      const timer = window.setInterval(() => {
        if (reading) return;
        reading = true;
        read(element)
          .then((code) => code && handler.current(code))
          // No code in this frame (or one the decoder choked on): the next frame is read as usual.
          .catch(() => undefined)
          .finally(() => (reading = false));
      }, READ_EVERY_MS);
      stop = () => {
        window.clearInterval(timer);
        stream.getTracks().forEach((track) => track.stop());
        element.srcObject = null;
      };
      if (stopped) stop();
    })().catch(() => {
      setFailed(true);
      setScanning(false);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [scanning]);

  return (
    <div className="door-camera">
      <button
        type="button"
        className="btn btn--primary door-camera__toggle"
        aria-pressed={scanning}
        onClick={() => {
          setFailed(false);
          setScanning((on) => !on);
        }}
      >
        {scanning ? t('camera.stop') : t('camera.start')}
      </button>
      {failed && <p className="door-camera__error">{t('camera.failed')}</p>}
      <video
        ref={video}
        className="door-camera__video"
        hidden={!scanning}
        muted
        playsInline
        aria-label={t('camera.label')}
      />
    </div>
  );
}
