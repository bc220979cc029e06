/**
 * One unmasked, final text frame (RFC 6455 §5.2), as a server sends it. The hub frames a broadcast once and writes
 * the same bytes to every socket of a channel; `ws` would frame it again for each socket, and its own framing
 * (`Sender.frame`) is not part of its documented or typed API, so this is written here (it is only the header).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
