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

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (!Detector) return undefined;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
}

/**
 * Reads QR codes from the camera: `BarcodeDetector` where the browser has it, otherwise ZXing
 * (`@zxing/browser`, loaded only then). Every code read is handed to `onCode`.
 */
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
      const detector = await nativeDetector();
      if (detector) {
        const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
        element.srcObject = stream;
        await element.play();
        const timer = window.setInterval(() => {
          detector
            .detect(element)
            .then((codes) => codes[0] && handler.current(codes[0].rawValue))
            .catch(() => undefined);
        }, 250);
        stop = () => {
          window.clearInterval(timer);
          stream.getTracks().forEach((track) => track.stop());
        };
      } else {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(
          CAMERA,
          element,
          (result) => result && handler.current(result.getText()),
        );
        stop = () => controls.stop();
      }
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
