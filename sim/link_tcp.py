"""The link's cable between two simulators on one machine or a network: a TCP connection, as
a transport for engine/link/channel.py (write, read; neither blocking). `listen:PORT` waits
for the other side on PORT; `HOST:PORT` connects to it (and again, whenever the connection
drops: the channel notices the silence and links anew, as with a cable pulled out)."""
import os
import select
import socket
import zlib


class LinkSpecError(ValueError):
    """A --link value refused: the reason in one sentence."""


def parse(spec):
    """`listen:PORT` or `HOST:PORT` as (host or None, port)."""
    host, sep, port = spec.rpartition(":")
    if not sep or not host:
        raise LinkSpecError("--link wants listen:PORT or HOST:PORT, not %r" % spec)
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise LinkSpecError("--link's port must be a number from 1 to 65535, not %r" % port)
    return (None if host == "listen" else host), int(port)


class TcpLink:
    def __init__(self, spec):
        self.host, self.port = parse(spec)
        self.server = None
        self.conn = None
        self.pending = None  # (HOST:PORT) a connection being made
        if self.host is None:
            self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.server.bind(("", self.port))  # (OSError: the port is taken; said by the caller)
            self.server.listen(1)
            self.server.setblocking(False)

    def _connect(self):
        if self.server is not None:
            try:
                conn, _ = self.server.accept()
            except BlockingIOError:
                return
        elif self.pending is None:
            self.pending = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.pending.setblocking(False)
            self.pending.connect_ex((self.host, self.port))
            return
        else:  # a connection under way: made once the socket can be written to
            if not select.select([], [self.pending], [], 0)[1]:
                return
            conn, self.pending = self.pending, None
            if conn.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                conn.close()  # (refused: nobody listens yet; tried again next frame)
                return
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.conn = conn

    def _drop(self):
        if self.conn is not None:
            self.conn.close()
        self.conn = None

    def write(self, data):
        if self.conn is None:
            self._connect()
        if self.conn is None:
            return 0
        try:
            return self.conn.send(data)
        except (BlockingIOError, InterruptedError):
            return 0  # (the bytes are lost, as on a cable: the channel sends again)
        except OSError:
            self._drop()
            return 0

    def read(self):
        if self.conn is None:
            self._connect()
            if self.conn is None:
                return None
        try:
            data = self.conn.recv(4096)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            self._drop()
            return None
        if not data:  # (the other side closed)
            self._drop()
            return None
        return data

    def close(self):
        self._drop()
        if self.pending is not None:
            self.pending.close()
        if self.server is not None:
            self.server.close()


def build_stamp():
    """The simulator's build stamp for the link's handshake: a CRC-32 of the engine's sources
    (two simulators of the same checkout link; a Pico's stamp is its bundle's)."""
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
    crc = 0
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".py", ".bin")):
                crc = zlib.crc32(name.encode(), crc)
                with open(os.path.join(folder, name), "rb") as f:
                    crc = zlib.crc32(f.read(), crc)
    return crc.to_bytes(4, "big")


def cable_for(spec):
    """App's cable (engine/ui/app.py) over TCP: one connection for the whole run, opened now
    (a port already taken is an OSError here, said before any window opens)."""
    tcp = TcpLink(spec)
    stamp = build_stamp()
    return lambda: (tcp, stamp)
