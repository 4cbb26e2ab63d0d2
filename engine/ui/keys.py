# Logical buttons and the one input module: raw button states in, key events out.
#
# Every frame the device (or the simulator) passes the mask of buttons held now and the time;
# Input turns that into events: a press when a button goes down, repeats while a direction
# is held, and one LONG event when a button is held long. A board without a joystick (Pimoroni
# Pico Display: A, B, X, Y only) gets the four-button scheme: X is RIGHT and Y is LEFT on a
# short press (sent on release), DOWN and UP when held.
from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
X = const(64)
Y = const(128)
DIRECTIONS = const(15)
REPEAT = const(0x100)  # flag on a repeated direction while held
LONG = const(0x200)  # flag on the one event of a long press

REPEAT_AFTER = const(400)  # ms held before a direction repeats
REPEAT_EVERY = const(120)
LONG_AFTER = const(600)


class Input:
    def __init__(self, buttons):
        """`buttons`: the mask of the buttons the board has."""
        self.four = not buttons & DIRECTIONS  # no joystick: the X/Y scheme
        self.held = 0
        self.since = [0] * 8  # when each button went down
        self.next = [0] * 8  # when a held direction repeats next
        self.longed = 0  # buttons whose LONG event has been sent
        self.events = []

    def update(self, state, now):
        """The events of this frame (a list reused from frame to frame)."""
        ev = self.events
        del ev[:]
        for i in range(8):
            b = 1 << i
            if state & b and not self.held & b:
                self.since[i] = now
                self.next[i] = now + REPEAT_AFTER
                self.longed &= ~b
                if not (self.four and b & (X | Y)):
                    ev.append(b)
            elif state & b:
                self._held(i, b, now, ev)
            elif self.held & b and self.four and b & (X | Y) and not self.longed & b:
                ev.append(RIGHT if b == X else LEFT)  # a short X or Y, on release
        self.held = state
        return ev

    def _held(self, i, b, now, ev):
        if self.four and b & (X | Y):
            d = DOWN if b == X else UP
            if not self.longed & b:
                if now - self.since[i] >= LONG_AFTER:
                    self.longed |= b
                    ev.append(d)
                    self.next[i] = now + REPEAT_AFTER
            elif now - self.next[i] >= 0:
                ev.append(d | REPEAT)
                self.next[i] = now + REPEAT_EVERY
            return
        if b & DIRECTIONS and now - self.next[i] >= 0:
            ev.append(b | REPEAT)
            self.next[i] = now + REPEAT_EVERY
        if not self.longed & b and now - self.since[i] >= LONG_AFTER:
            self.longed |= b
            ev.append(b | LONG)
