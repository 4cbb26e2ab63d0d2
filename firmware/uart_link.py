# The link's cable on the device (docs/LINK.md): UART1, TX on GP4 and RX on GP5, free on every
# board (firmware/boards/), 115200 baud, 8N1. A transport as engine/link/channel.py wants it:
# write(bytes) and read() (bytes, or None: nothing came), neither blocking.
TX = 4
RX = 5
BAUD = 115200
# The receive buffer: one message is in flight at a time (engine/link/channel.py), so between
# two reads of the game's, even across a flash erase (~45 ms) or a long frame, the other side
# sends at most a message's frame (103 bytes), its resend and a few of 7-12; bytes past it are
# lost and come again with the next resend
_RXBUF = 256


class UartLink:
    def __init__(self):
        import machine  # (here: the pins are read by tests and tools without a machine)
        Pin = machine.Pin
        self.uart = machine.UART(1, BAUD, tx=Pin(TX), rx=Pin(RX), rxbuf=_RXBUF)
        # With no cable, RX floats and the pad's default pull-down holds it low: a long break,
        # read as a stream of zero bytes. Pulled up it idles high, as a UART line does.
        Pin(RX, pull=Pin.PULL_UP)

    def write(self, data):
        return self.uart.write(data)

    def read(self):
        return self.uart.read()

    def any(self):
        """Bytes waiting to be read (the device's rest between frames ends when some come)."""
        return self.uart.any()


def build_stamp():
    """This bundle's build stamp (tools/build.py writes it), for the link's handshake."""
    try:
        with open("/build.bin", "rb") as f:
            return f.read(4)
    except OSError:
        return b"none"


_made = []  # type: list  # (the UART and the stamp: one for every linked game of a power-on)


def cable():
    """App's cable on the device: the UART and this bundle's stamp."""
    if not _made:
        _made.append((UartLink(), build_stamp()))
    return _made[0]
