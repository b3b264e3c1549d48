"""An `else: pass` before a return the if's branches copy (3.12+: 3.11
keeps the single return and the NOP of the pass, a shape not read yet)."""


def elif_else_pass_then_return(fileout, bits, linkage):
    """Doc."""
    if "ELF" in fileout:
        linkage = "ELF"
    elif "COFF" in fileout:
        linkage = "COFF"
    else:
        pass
    return bits, linkage
