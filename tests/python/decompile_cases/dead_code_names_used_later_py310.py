# Dead code (`if 0 and x:`) that met a name the live code after it uses too
# (_pyrepl.unix_console UnixConsole.__setup_movement): the name's co_names
# entry stands before those the live code meets first, so the dead block
# put back must use it as well.


def setup(self):
    if 0 and self.hpa:
        self.move_x = self.move_x_hpa
    elif self.cub and self.cuf:
        self.move_x = self.move_x_cub_cuf
    else:
        raise RuntimeError("insufficient terminal")
    self.move = self.move_short
