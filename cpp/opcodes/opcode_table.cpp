#include "opcodes/opcode_table.hpp"

#include "code/error.hpp"

namespace depyf {

namespace generated {
const OpcodeTable& opcode_table_3_8();
const OpcodeTable& opcode_table_3_9();
const OpcodeTable& opcode_table_3_10();
const OpcodeTable& opcode_table_3_11();
const OpcodeTable& opcode_table_3_12();
const OpcodeTable& opcode_table_3_13();
const OpcodeTable& opcode_table_3_14();
const OpcodeTable& opcode_table_3_15();
}  // namespace generated

int OpcodeTable::opcode(std::string_view name) const {
  for (int op = 0; op < 256; ++op) {
    if (ops[op].name != nullptr && name == ops[op].name) return op;
  }
  return -1;
}

std::optional<int> OpcodeTable::jump_target(int op, int arg, int offset) const {
  const OpcodeInfo& base = info(info(op).deopt);
  // One formula covers every version: the base is the instruction after this
  // one and its inline caches (3.11's jumps have no caches, so this matches
  // dis there too); 3.8/3.9 count in bytes, later versions in code units.
  const int next = offset + 2 + 2 * base.cache_entries;
  switch (base.jump) {
    case JumpKind::Relative:
      return next + arg * jump_unit;
    case JumpKind::RelativeBackward:
      return next - arg * jump_unit;
    case JumpKind::Absolute:
      return arg * jump_unit;
    case JumpKind::None:
      break;
  }
  return std::nullopt;
}

const OpcodeTable& opcode_table(PythonVersion version) {
  if (version.major == 3) {
    switch (version.minor) {
      case 8: return generated::opcode_table_3_8();
      case 9: return generated::opcode_table_3_9();
      case 10: return generated::opcode_table_3_10();
      case 11: return generated::opcode_table_3_11();
      case 12: return generated::opcode_table_3_12();
      case 13: return generated::opcode_table_3_13();
      case 14: return generated::opcode_table_3_14();
      case 15: return generated::opcode_table_3_15();
      default: break;
    }
  }
  throw Error("unsupported Python version " + version.to_string() + " (supported: 3.8 to 3.15)");
}

}  // namespace depyf
