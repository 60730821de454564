import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import sharp from 'sharp';

/**
 * Reads the QR code in a PNG as a scanner would: from its pixels, with ZXing. An image made by a
 * program is read as a pure code first (ZXing's finder detection misses some perfect images), then
 * searched as a camera picture would be.
 */
export async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bitmap = () =>
    new BinaryBitmap(
      new HybridBinarizer(
        new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height),
      ),
    );
  const attempts = [
    new Map<DecodeHintType, unknown>([[DecodeHintType.PURE_BARCODE, true]]),
    new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]),
  ];
  let failure: unknown;
  for (const hints of attempts) {
    try {
      return new QRCodeReader().decode(bitmap(), hints).getText();
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
