# Where the board screen puts things, for each screen size: a layout per resolution, not a
# stretched picture (240x240 gets larger cards and a log of the last moves).


class Layout:
    def __init__(self, w, h):
        self.w = w
        self.h = h
        self.col = 26  # a stone's column
        self.x0 = (w - 9 * self.col) // 2 + 1
        self.tile_w = 24
        big = h >= 200
        self.tile_h = 15 if big else 10  # the visible strip of a card on the table
        top = 12 if big else 11
        self.opp_y = top  # the opponent's three cards, the nearest the stone lowest
        self.stone_y = top + 3 * self.tile_h + 1
        self.stone_h = 16 if big else 13
        self.me_y = self.stone_y + self.stone_h + 1
        self.hand_y = self.me_y + 3 * self.tile_h + (5 if big else 3)
        self.card_w = 36
        self.card_h = 44 if big else 34
        self.hand_x = (w - 6 * self.card_w - 5 * 3) // 2
        self.log_y = self.hand_y + self.card_h + 4 if big else 0  # 0: no room for the log
        self.log_lines = (h - 10 - self.log_y) // 10 if big else 0
        # the y of each of the three cards of a side, nearest the stone first
        self.opp_ys = [self.stone_y - 1 - (k + 1) * self.tile_h for k in range(3)]
        self.me_ys = [self.me_y + k * self.tile_h for k in range(3)]

    def col_x(self, s):
        return self.x0 + s * self.col

    def hand_x_of(self, i):
        return self.hand_x + i * (self.card_w + 3)
