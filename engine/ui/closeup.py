# The board's close-up (engine/ui/play.py): the stone under the cursor enlarged, both sides
# with the best each could still make. A module apart from the board's so that neither is a
# long import on its own (each takes a frame of its own as a game is set out).
from engine.core.game import SIDE
from engine.ui import palette as P
from engine.ui import draw


def draw_zoom(b, fb):
    """The stone under the cursor, enlarged: their side, then yours; an incomplete side's
    empty places show, dark, the cards that would make its best formation (the lens)."""
    lay = b.lay
    me = b.me()
    s = b.stone
    y = lay.hand_y - 4
    fb.fill_rect(0, y, lay.w, lay.card_h + 5, P.BG)
    n = b._need(s)
    glyphs = b.app.settings.glyphs
    cx = lay.w // 2
    font = lay.text
    font.centre(fb, b._place_title(s), cx, y + 3, P.GOLD)
    for p in (1 - me, me):
        side = b._side_shown(s, p)
        lens = _lens(b, s, p, side, n) if len(side) < n else None
        counter = p != me and b.refused and b.refused[0] == s
        if counter:  # the cards that beat the claim (the proof counts your hand too)
            cards = b.refused[1]
            lens = (b._strength(side + bytes(cards), s), cards)
        for k in range(n):
            x, w = zoom_x(b, p, k, n)
            if k < len(side):
                draw.card(fb, side[k], x, y + 2, w, lay.card_h, glyphs, n == SIDE)
            elif lens:
                draw.ghost(fb, lens[1][k - len(side)], x, y + 2, w, lay.card_h, glyphs)
                if counter and b.blink:
                    draw.outline(fb, x, y + 2, w, lay.card_h)
            else:
                draw.slot(fb, x, y + 2, w, lay.card_h)
        font.centre(fb, _side_words(b, p, side, n, lens), cx,
                    y + 3 + lay.line * (2 if p == me else 1) + 1,
                    P.ME if (p == me) == (me == 0) else P.THEM)


def zoom_x(b, p, k, n):
    """(x, width) of card k of p's side in the close-up of a stone with sides of n: their
    side at the left, the player's at the right."""
    w = 23 if n == SIDE else 16  # (the middle between: 82 or 86 pixels for the words)
    x0 = b.lay.w - 4 - n * (w + 2) if p == b.me() else 4
    return x0 + k * (w + 2), w


def _side_words(b, p, side, n, lens):
    """p's side in words: its formation once complete, else (the lens) the best it could
    still make, or how many cards it holds when it cannot be completed."""
    font = b.lay.text
    _, w = zoom_x(b, p, 0, n)
    room = b.lay.w - 10 - 2 * n * (w + 2)  # (between the two sides' cards)
    if len(side) == n:  # (its sum left out when there is no room for it)
        words = b._describe(b._strength(side, b.stone), n)
        return words if font.width(words) <= room else words[:words.find(" (")]
    who = "You" if p == b.me() else "They"
    if lens is None:
        return "%s %d of %d" % (who, len(side), n)
    words = b._describe(lens[0], n)
    words = who + ": " + words[:words.find(" (")]
    return words if font.width(words) <= room else words[words.find(" ") + 1:]


def _lens(b, s, p, side, n):
    """The strongest way p's side of stone s (`side`, as shown) can still be completed
    with cards the player at the bottom has not seen played (for the other side: not in
    their own hand either): (strength, cards added), or None when it cannot."""
    g = b.g
    unseen = bytearray(g.unseen)
    me = b.me()
    if p != me:
        gone = g.hand(me)
    elif len(side) > g.count[s * 2 + p]:
        gone = (b.chosen,)  # (being placed: shown on the side already)
    else:
        gone = ()
    for c in gone:
        if c < 0x60:  # (tactic cards never come in a completion)
            unseen[c & 15] &= ~(1 << (c >> 4))
    return g.completion(side, s, n, unseen)
