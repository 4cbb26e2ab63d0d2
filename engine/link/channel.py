# Messages between two handhelds over a byte transport (a UART, a socket, a test's pipe), each
# delivered once and in order, through a cable that may drop, garble or repeat bytes and be
# pulled out and put back (docs/LINK.md).
#
# The two sides first find each other: each says HELLO with a number of its own (its nonce),
# the other's it has heard and whether it is linked; a side is linked once it hears its own
# nonce back, and answers every HELLO of a side not linked yet. A side that
# restarts (a power cut) comes back with a new nonce: the other sees it, and both start their
# sequence numbers afresh (`links` counts the links made, so the game above knows to compare
# notes). Then each message goes in a frame with a sequence number, one at a time, resent
# until the other acknowledges it; a repeat is acknowledged again and dropped.
from micropython import const
from engine.link.frames import Reader, frame

HELLO = const(1)  # payload: my nonce, the other's heard (2 bytes each, 0: none), linked (1)
ACK = const(2)  # seq: the message's received
PING = const(3)  # nothing to say: the cable is still there
MESSAGE = const(16)  # kinds from here on are the game's messages

HELLO_MS = const(250)  # between two HELLOs while not linked
RESEND_MS = const(150)  # a message not acknowledged by then goes again
PING_MS = const(300)  # silence from this side after which it pings
LOST_MS = const(1500)  # silence from the other side after which the link is lost


class Channel:
    def __init__(self, transport, nonce):
        """transport: write(bytes) and read() (bytes, or None: nothing came), never blocking;
        nonce: this side's number for this power-on, 1..65535."""
        self.io = transport
        self.nonce = nonce
        self.peer = 0  # the other side's nonce heard (0: none)
        self.linked = False
        self.links = 0
        self.reader = Reader()
        self.out = []  # messages to send: (kind, payload)
        self.seq = 0  # of the message in flight (out[0])
        self.sent = -1  # when it was last sent (-1: not yet)
        self.expect = 0  # the next message's seq from the other side
        self.inbox = []
        self.heard = -LOST_MS  # when the other side was last heard
        self.said = -PING_MS  # when this side last sent anything

    def send(self, kind, payload=b""):
        """Queue a message (kind >= MESSAGE; payload up to frames.MOST bytes)."""
        self.out.append((kind, payload))

    def receive(self):
        """The next message received, (kind, payload), or None."""
        return self.inbox.pop(0) if self.inbox else None

    def lost(self, now):
        """Linked once, but nothing heard from the other side for a while."""
        return self.links > 0 and now - self.heard >= LOST_MS

    def idle(self):
        """Every message sent has been acknowledged."""
        return not self.out

    def poll(self, now):
        """Read what came, answer it, and send what is due: once a frame."""
        data = self.io.read()
        if data:
            self.reader.feed(data)
        while True:
            got = self.reader.take()
            if got is None:
                break
            self._got(now, *got)
        if not self.linked:
            if now - self.said >= HELLO_MS:
                self._hello(now)
            return
        if self.out and (self.sent < 0 or now - self.sent >= RESEND_MS):
            kind, payload = self.out[0]
            self._write(now, frame(self.seq, kind, payload))
            self.sent = now
        elif now - self.said >= PING_MS:
            self._write(now, frame(0, PING))

    def _got(self, now, seq, kind, payload):
        self.heard = now
        if kind == HELLO:
            self._hello_heard(now, payload)
        elif not self.linked:
            return  # (the other side's words from before a restart: stale)
        elif kind == ACK:
            if self.out and seq == self.seq and self.sent >= 0:
                self.out.pop(0)
                self.seq = (self.seq + 1) & 0xFF
                self.sent = -1
        elif kind >= MESSAGE:
            if seq == self.expect:
                self.inbox.append((kind, payload))
                self.expect = (seq + 1) & 0xFF
                self._write(now, frame(seq, ACK))
            elif seq == (self.expect - 1) & 0xFF:
                self._write(now, frame(seq, ACK))  # (a repeat: our ACK was lost)

    def _hello_heard(self, now, payload):
        if len(payload) != 5:
            return
        theirs = payload[0] << 8 | payload[1]
        heard = payload[2] << 8 | payload[3]
        if theirs != self.peer:  # (a new side, or the same one after a restart)
            self.peer = theirs
            self.linked = False
        if heard == self.nonce and not self.linked:
            self.linked = True
            self.links += 1
            self.expect = 0
            self.seq = 0
            self.sent = -1  # (a message in flight goes again, numbered afresh)
        if not payload[4]:
            self._hello(now)  # (it is not linked yet: it hears its nonce back)

    def _hello(self, now):
        n, p = self.nonce, self.peer
        self._write(now, frame(0, HELLO, bytes((n >> 8, n & 0xFF, p >> 8, p & 0xFF,
                                                 1 if self.linked else 0))))

    def _write(self, now, b):
        self.io.write(b)
        self.said = now
