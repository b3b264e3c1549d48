// The argrepr column of dis: what an instruction's argument means, spelled
// the way the matching version of dis spells it. Internal to the listings.
#pragma once

#include <map>
#include <string>

#include "bytecode/instruction.hpp"
#include "code/code_object.hpp"

namespace depyf::disasm {

// Byte offset -> label number (3.13 listings name jump targets L1, L2 ...).
using LabelMap = std::map<int, int>;

// dis's argrepr for `ins` ("" when dis prints none). Never throws on bad
// indexes: an argument that points outside its table prints as a marker such
// as "<invalid const 7>". `labels` is used for 3.13 jump targets only.
std::string arg_repr(const CodeObject& code, const Instruction& ins, const LabelMap& labels);

}  // namespace depyf::disasm
