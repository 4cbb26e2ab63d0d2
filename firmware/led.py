# The RGB LED of the Pimoroni Pico Display (whose turn it is), wired active low, by PWM.
import machine


class Led:
    def __init__(self, pins):
        self.pwm = []
        for gpio in pins:
            p = machine.PWM(machine.Pin(gpio))
            p.freq(1000)
            p.duty_u16(65535)
            self.pwm.append(p)

    def show(self, rgb565, percent):
        """Light the LED in an RGB565 colour at `percent` of full; 0 turns it off."""
        r = (rgb565 >> 11) * 65535 // 31
        g = ((rgb565 >> 5) & 63) * 65535 // 63
        b = (rgb565 & 31) * 65535 // 31
        for p, level in zip(self.pwm, (r, g, b)):
            p.duty_u16(65535 - level * percent // 100)
