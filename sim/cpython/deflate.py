"""CPython stand-in for MicroPython's `deflate` module (decompression only, what the game
uses: engine/ui/lang.py reads its words files through it), over zlib.

Only on the desktop's import path, as micropython.py; the device and the npm MicroPython have
the real, built-in module.
"""
import zlib

AUTO = 0
RAW = 1
ZLIB = 2
GZIP = 3


class DeflateIO:
    def __init__(self, stream, format=AUTO, wbits=0):
        if format != RAW:
            raise ValueError("only RAW streams here")
        self.stream = stream
        self.z = zlib.decompressobj(-(wbits or 8))
        self.out = b""

    def read(self, n=-1):
        while (n < 0 or len(self.out) < n) and not self.z.eof:
            more = self.stream.read(64)
            if not more:
                break
            self.out += self.z.decompress(more)
        if n < 0:
            n = len(self.out)
        got, self.out = self.out[:n], self.out[n:]
        return got

    def readinto(self, buf):
        got = self.read(len(buf))
        buf[:len(got)] = got
        return len(got)

    def close(self):
        pass
