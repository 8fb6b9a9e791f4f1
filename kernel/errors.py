"""The kernel's one error type: bad input of any kind, naming what was wrong and where."""


class KernelError(ValueError):
    """Bad input: malformed notation, an illegal action, a corrupt save, an out-of-range option.

    `what` names the input ("card", "roll", "option"...), `pos` is the 0-based character position
    in that input when there is one (else -1), and the message is one line a person can act on.
    """

    def __init__(self, what, message, pos=-1):
        self.what = what
        self.pos = pos
        self.detail = message
        if pos >= 0:
            text = "%s: %s at position %d" % (what, message, pos + 1)
        else:
            text = "%s: %s" % (what, message)
        super().__init__(text)
