# The link's frames on the wire (docs/LINK.md): a start byte, the payload's length and its
# complement, a sequence number, a kind, the payload, then a CRC-16 of all but the start byte.
# Bytes that make no frame (noise as a cable is plugged in, a frame cut short by a pulled
# cable) are skipped: the reader looks for the next start byte after each one that led nowhere.
# (The length's complement keeps noise from posing as a long frame's head: the reader would
# wait for its bytes while real frames queue behind it.)
from micropython import const

START = const(0xA5)
HEAD = const(5)  # start, length, its complement, sequence, kind
MOST = const(96)  # the longest payload
_ROOM = const(256)  # bytes the reader holds: two longest frames and more


def crc16(data, i, end, crc=0xFFFF):
    """CRC-16/CCITT (polynomial 0x1021, from 0xFFFF) of data[i:end]: small ints throughout."""
    while i < end:
        crc ^= data[i] << 8
        for _ in range(8):
            crc = (crc << 1 ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
        i += 1
    return crc


def frame(seq, kind, payload=b""):
    """The bytes of a frame (payload: at most MOST bytes)."""
    n = len(payload)
    b = bytearray(HEAD + n + 2)
    b[0] = START
    b[1] = n
    b[2] = n ^ 0xFF
    b[3] = seq & 0xFF
    b[4] = kind
    b[HEAD:HEAD + n] = payload
    c = crc16(b, 1, HEAD + n)
    b[HEAD + n] = c >> 8
    b[HEAD + n + 1] = c & 0xFF
    return b


class Reader:
    """Frames out of the bytes as they come: feed() them, then take() each frame."""

    def __init__(self):
        self.buf = bytearray(_ROOM)
        self.n = 0  # bytes held
        self.skipped = 0  # bytes that made no frame (a count for the link's figures)

    def feed(self, data):
        """Hold `data`'s bytes (the oldest held go if there is no room: they were noise, as
        take() leaves no whole frame behind)."""
        buf = self.buf
        for c in data:
            if self.n == _ROOM:
                self._drop(1)
            buf[self.n] = c
            self.n += 1

    def take(self):
        """The next whole frame held, as (seq, kind, payload), or None."""
        buf = self.buf
        while self.n:
            if buf[0] != START:
                self._drop(1)
                continue
            if self.n < HEAD:
                return None
            size = buf[1]
            if size > MOST or buf[2] != size ^ 0xFF:
                self._drop(1)  # (a start byte that was noise)
                continue
            end = HEAD + size
            if self.n < end + 2:
                return None
            if crc16(buf, 1, end) != buf[end] << 8 | buf[end + 1]:
                self._drop(1)
                continue
            got = (buf[3], buf[4], bytes(buf[HEAD:end]))
            self._drop(end + 2, False)
            return got
        return None

    def _drop(self, k, noise=True):
        """Let the first k bytes held go."""
        if noise:
            self.skipped += k
        buf = self.buf
        buf[:self.n - k] = buf[k:self.n]
        self.n -= k
