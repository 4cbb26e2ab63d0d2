"""The link's cables: UART1 on GP4/GP5 on the device (firmware/uart_link.py), a TCP connection
between simulators (sim/link_tcp.py), and the --link values refused in one sentence."""
import importlib
import os
import socket
import sys
import time
import types

import pytest

from engine.core.game import OVER
from engine.core.match import Match, ENTRY
from engine.core.players import take_turn
from engine.link.channel import Channel
from engine.link.linked import Linked, READY
from firmware.boards import pico_display, pico_lcd_13, pico_lcd_114
from sim.link_tcp import LinkSpecError, TcpLink, parse
from sim.linkplay import make, one_device, player


def board_pins(b):
    pins = {b.SCK, b.MOSI, b.CS, b.DC, b.RST, b.BL} | {g for g, _ in b.KEYS}
    return pins | set(b.LED or ())


@pytest.mark.parametrize("board", [pico_lcd_114, pico_lcd_13, pico_display])
def test_the_link_s_pins_are_free_on_every_board(board):
    from firmware import uart_link
    assert not {uart_link.TX, uart_link.RX} & board_pins(board), board.NAME


def test_planting_a_taken_pin_is_caught():
    b = types.SimpleNamespace(SCK=10, MOSI=11, CS=9, DC=8, RST=None, BL=5, KEYS=((2, 0),),
                              LED=None)
    assert 5 in board_pins(b)  # (the check above sees a board using GP5)


class FakeUart:
    def __init__(self, bus, baud, tx=None, rx=None, rxbuf=None):
        self.args = (bus, baud, tx.gpio, rx.gpio, rxbuf)
        self.sent = b""
        self.incoming = [b"\xa5", None]

    def write(self, data):
        self.sent += bytes(data)
        return len(data)

    def read(self):
        return self.incoming.pop(0) if self.incoming else None

    def any(self):
        return len(self.incoming[0] or b"") if self.incoming else 0


class FakePin:
    PULL_UP = 1
    pulls = {}

    def __init__(self, gpio, mode=-1, pull=-1):
        self.gpio = gpio
        if pull != -1:
            FakePin.pulls[gpio] = pull


def test_the_uart_link_is_uart1_on_gp4_gp5_with_rx_pulled_up(monkeypatch):
    machine = types.SimpleNamespace(UART=FakeUart, Pin=FakePin)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.delitem(sys.modules, "firmware.uart_link", raising=False)
    uart_link = importlib.import_module("firmware.uart_link")
    link = uart_link.UartLink()
    assert link.uart.args == (1, 115200, 4, 5, 256)
    assert FakePin.pulls == {5: FakePin.PULL_UP}  # (unplugged, RX idles high, not low)
    assert link.write(b"abc") == 3 and link.uart.sent == b"abc"
    assert link.any() == 1 and link.read() == b"\xa5"
    assert link.any() == 0 and link.read() is None


@pytest.mark.parametrize("spec,port", [("listen:4000", 4000), ("localhost:1", 1),
                                        ("10.0.0.2:65535", 65535), ("::1:80", 80)])
def test_link_values_read(spec, port):
    host, p = parse(spec)
    assert p == port and (host is None) == spec.startswith("listen:")


@pytest.mark.parametrize("spec", ["", "4000", ":4000", "listen", "listen:", "listen:0",
                                  "listen:65536", "listen:" + "9" * 40, "listen:-1",
                                  "listen:\u0664\u0660\u0660\u0660", "listen:４０００",
                                  "listen:40 00", "listen:4e3", "host:port"])
def test_bad_link_values_are_refused_in_one_sentence(spec):
    with pytest.raises(LinkSpecError) as e:
        parse(spec)
    assert "\n" not in str(e.value) and "--link" in str(e.value)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_a_taken_port_is_an_os_error():
    port = free_port()
    first = TcpLink("listen:%d" % port)
    try:
        with pytest.raises(OSError):
            TcpLink("listen:%d" % port)
    finally:
        first.close()


def test_two_simulators_play_a_linked_match_over_tcp():
    port = free_port()
    ends = [TcpLink("listen:%d" % port), TcpLink("127.0.0.1:%d" % port)]
    sides = [Linked(Channel(ends[0], 1), True, b"test", Match(5, "classic", False, 3), make),
             Linked(Channel(ends[1], 2), False, b"test", None, make)]
    now = 0
    began = time.time()
    try:
        while time.time() - began < 30:
            now += 33
            for s in sides:
                s.poll(now)
                m = s.match
                if m is None or s.state != READY:
                    continue
                if m.game.phase == OVER and not m.over():
                    s.next_round()
                elif m.game.phase != OVER and m.game.player == s.me():
                    take_turn(m, player("random", 5, "classic", len(m.log) // ENTRY))
            if sides[1].match and sides[0].match.over() and \
                    sides[0].match.log == sides[1].match.log:
                break
            if now % 990 == 0 and ends[1].conn is not None and now < 5000:
                ends[1]._drop()  # (the connection dropped: made again, the match goes on)
            time.sleep(0.0005)
    finally:
        for e in ends:
            e.close()
    want = one_device(5, ("random", "random"), "classic", False, 3)
    assert bytes(sides[0].match.log) == want and bytes(sides[1].match.log) == want


def test_each_bundle_carries_a_stamp_of_its_build(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "tools"))
    import build
    files = {"a.mpy": 3, "b/c.mpy": 2}
    (tmp_path / "b").mkdir()
    (tmp_path / "a.mpy").write_bytes(b"abc")
    (tmp_path / "b" / "c.mpy").write_bytes(b"de")
    one = build.stamp(str(tmp_path), files)
    (tmp_path / "b" / "c.mpy").write_bytes(b"dE")  # (another build: one byte differs)
    assert len(one) == 4 and build.stamp(str(tmp_path), files) != one


def test_the_device_reads_its_stamp_or_says_none(monkeypatch, tmp_path):
    from firmware import uart_link
    (tmp_path / "build.bin").write_bytes(b"\x01\x02\x03\x04")
    real = open
    monkeypatch.setattr("builtins.open", lambda p, *a: real(str(tmp_path) + p, *a))
    assert uart_link.build_stamp() == b"\x01\x02\x03\x04"
    (tmp_path / "build.bin").unlink()
    assert uart_link.build_stamp() == b"none"


def test_the_simulator_s_stamp_is_steady():
    from sim.link_tcp import build_stamp
    assert build_stamp() == build_stamp() and len(build_stamp()) == 4


@pytest.mark.parametrize("argv,words", [
    (["--link", "listen:70000"], "port must be a number from 1 to 65535"),
    (["--link", "listen:\u0664\u0660"], "port must be a number"),
    (["--link", "nowhere"], "--link wants listen:PORT or HOST:PORT"),
    (["shot", "--out", "x.png", "--link", "listen:4000"], "--link is for the window"),
    (["selfplay", "--link", "localhost:4000"], "--link is for the window")])
def test_a_bad_link_option_is_one_line_and_exit_2(argv, words, capsys):
    from sim.__main__ import main
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and words in err and err.count("\n") == 1


def test_a_taken_port_is_said_in_one_line_before_the_window(capsys):
    from sim import window
    port = free_port()
    first = TcpLink("listen:%d" % port)
    try:
        args = types.SimpleNamespace(link="listen:%d" % port, scale=None, board="pico_lcd_114")
        assert window.main(args) == 2
    finally:
        first.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--link listen:%d" % port in err


def test_the_device_offers_its_uart_as_the_cable_once(monkeypatch):
    machine = types.SimpleNamespace(UART=FakeUart, Pin=FakePin)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.delitem(sys.modules, "firmware.uart_link", raising=False)
    from firmware import device
    first = device._cable()
    assert first[0].uart.args[:3] == (1, 115200, 4) and len(first[1]) == 4
    assert device._cable() is first  # (one UART for every linked game of a power-on)
