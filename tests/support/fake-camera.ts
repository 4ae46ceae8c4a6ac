/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M video, made here, whose
 * frames show a QR code of the given text, black on white with its quiet zone, as a phone's camera
 * would see the colleague's screen. Encoded with the `qrcode` package the hand-over page uses, so the
 * scanner reads what the colleague's page draws, not what its own library wrote.
 */
import { writeFileSync } from "node:fs";
import QRCode from "qrcode";
import { chromiumLaunch } from "./chromium";

const WIDTH = 640;
const HEIGHT = 480;
/** Luma of white and black in video range (BT.601); chroma 128 is grey. */
const WHITE = 235;
const BLACK = 16;

/** Writes a Y4M file of `frames` identical frames showing a QR code of `text`; its path. */
export function writeQrVideo(file: string, text: string, frames = 2): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * quiet));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(BLACK, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
  return file;
}

/** The project's Chromium launch options with a fake camera showing `video` (a separate launch: only the scanner's spec uses it). */
export function fakeCameraLaunch(video: string) {
  return {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  };
}
