import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarcodeFormat, NotFoundException, Result } from '@zxing/library';
import { CameraScanner } from './CameraScanner';

type Frame = string | Error | undefined;

/** A camera that is there; a browser detector for these frames when `native`, else none. */
function fakeCamera(frames: Frame[], { native = true } = {}) {
  const stopTrack = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] })),
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  let frame = 0;
  const next = () => frames[Math.min(frame++, frames.length - 1)];
  class Detector {
    static getSupportedFormats = async () => ['qr_code'];
    async detect() {
      const seen = next();
      if (seen instanceof Error) throw seen;
      return seen ? [{ rawValue: seen }] : [];
    }
  }
  vi.stubGlobal('BarcodeDetector', native ? Detector : undefined);
  return { stopTrack, next };
}

beforeEach(() => {
  // jsdom's video element cannot hold a stream; the scanner only hands it over.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    writable: true,
    value: null,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CameraScanner', () => {
  it('reads with ZXing where the browser has no detector, and an error ZXing does not expect leaves the camera on', async () => {
    const { next } = fakeCamera(
      [undefined, 'DT1.a.a', new RangeError('offset is out of bounds'), 'DT1.b.b'],
      { native: false },
    );
    // jsdom draws no video: ZXing's frame decoding answers as it would for these frames. Its own
    // scan loop ended for good on such a RangeError, the camera off and the door silent.
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    vi.spyOn(BrowserQRCodeReader.prototype, 'decode').mockImplementation(() => {
      const seen = next();
      if (seen === undefined) throw new NotFoundException();
      if (seen instanceof Error) throw seen;
      return new Result(seen, new Uint8Array(), 0, [], BarcodeFormat.QR_CODE);
    });
    const onCode = vi.fn();
    render(<CameraScanner onCode={onCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('DT1.b.b'), { timeout: 4000 });
    expect(onCode).toHaveBeenCalledWith('DT1.a.a');
  });

  it("reads with the browser's own detector where it has one, past frames it cannot read", async () => {
    fakeCamera([undefined, 'DT1.a.a', new RangeError('decoder choked'), undefined, 'DT1.b.b']);
    const onCode = vi.fn();
    render(<CameraScanner onCode={onCode} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('DT1.b.b'), { timeout: 4000 });
    expect(onCode).toHaveBeenCalledWith('DT1.a.a');
    expect(screen.queryByText(/could not/i)).toBeNull();
  });

  it('turns the camera off when staff stop scanning', async () => {
    const { stopTrack } = fakeCamera([undefined]);
    render(<CameraScanner onCode={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    const stop = await screen.findByRole('button', { pressed: true });
    await waitFor(() => expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    await userEvent.click(stop);
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
  });
});
