#include "ir/ir_dump.hpp"

namespace depyf::ir {

std::string dump(const Function& function) {
  std::string out;
  for (std::size_t i = 0; i < function.instrs.size(); ++i) {
    const Instr& instr = function.instrs[i];
    out += std::to_string(i) + "\t@" + std::to_string(instr.offset) + "\tL" + std::to_string(instr.line) + "\t" +
           op_name(instr.op) + " " + std::to_string(instr.arg);
    if (instr.arg2 != 0) out += " arg2=" + std::to_string(instr.arg2);
    if (instr.extra != 0) out += " extra=" + std::to_string(instr.extra);
    if (!instr.name.empty()) out += " (" + instr.name + ")";
    if (instr.target >= 0) out += " -> " + std::to_string(instr.target) + (instr.target_is_nop ? " (its NOP)" : "");
    if (instr.handler >= 0) out += " [handler " + std::to_string(instr.handler) + "]";
    if (instr.nop_line != 0) out += " (after a NOP of line " + std::to_string(instr.nop_line) + ")";
    out += "\n";
  }
  return out;
}

}  // namespace depyf::ir
