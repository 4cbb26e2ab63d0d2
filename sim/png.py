"""Screens to pictures: the 4-bit framebuffer to RGB rows, and RGB rows to a PNG file."""
import struct
import zlib

from engine.ui.palette import RGB565


def rgb888(i):
    """(r, g, b) of colour i, as the panel shows its RGB565 value."""
    c = RGB565[i]
    r = (c >> 11) & 31
    g = (c >> 5) & 63
    b = c & 31
    return (r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31


_RGB = [bytes(rgb888(i)) for i in range(16)]
# One framebuffer byte (two pixels) to six RGB bytes.
_PAIR = [_RGB[b >> 4] + _RGB[b & 15] for b in range(256)]


def rgb(buf, width, height):
    """The GS4_HMSB framebuffer as one bytes object of RGB pixels, row after row."""
    return b"".join(_PAIR[b] for b in buf[:width * height // 2])


def write(path, pixels, width, height, scale=1):
    """Write RGB pixels (as from `rgb`) to a PNG, each pixel scale x scale."""
    rows = []
    for y in range(height):
        row = pixels[y * width * 3:(y + 1) * width * 3]
        if scale > 1:
            row = b"".join(row[i:i + 3] * scale for i in range(0, len(row), 3))
        rows.extend([b"\x00" + row] * scale)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    head = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) +
                chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
