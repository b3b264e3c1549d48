// marshal.dumps() of a code object, for the Python version it was read for.
// The decompiler embeds the original bytecode of a function it cannot turn
// into source (`marshal.loads(b'...')`), so its output stays runnable.
#pragma once

#include <string>

#include "code/code_object.hpp"

namespace depyf {

// Bytes that `marshal.loads` of `code.version` reads back as an equal code
// object (no back-references: every object is written in full). Throws
// depyf::Error for what marshal cannot hold: constants without a literal
// (live objects) and unsupported versions.
std::string write_marshal_code(const CodeObject& code);

}  // namespace depyf
