#include "bytecode/qualnames.hpp"

#include <vector>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"

namespace depyf {

namespace {

// Index of the next instruction after `i` that is not an EXTENDED_ARG
// prefix (a qualname constant past index 255 needs one), or size().
std::size_t next_real(const std::vector<Instruction>& code, std::size_t i, int extended_arg) {
  ++i;
  while (i < code.size() && code[i].base_opcode == extended_arg) ++i;
  return i;
}

}  // namespace

std::string qualname_for_nested(const CodeObject& parent, std::size_t const_index) {
  if (const_index >= parent.consts.size() || !parent.consts[const_index] ||
      parent.consts[const_index]->kind != Constant::Kind::Code || !parent.consts[const_index]->code) {
    throw Error("constant " + std::to_string(const_index) + " of " + parent.name + " is not a code object");
  }
  const CodeObject& child = *parent.consts[const_index]->code;
  if (parent.version.minor >= 11) return child.qualname;

  const OpcodeTable& table = opcode_table(parent.version);
  const int load_const = table.opcode("LOAD_CONST");
  const int make_function = table.opcode("MAKE_FUNCTION");
  const std::vector<Instruction> code = decode_instructions(parent);
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i].base_opcode != load_const || code[i].arg != static_cast<int>(const_index)) continue;
    // Only the first load of the code object counts.
    const std::size_t name_at = next_real(code, i, table.extended_arg);
    if (name_at >= code.size() || code[name_at].base_opcode != load_const) break;
    const std::size_t make_at = next_real(code, name_at, table.extended_arg);
    if (make_at >= code.size() || code[make_at].base_opcode != make_function) break;
    const int name_index = *code[name_at].arg;
    if (name_index < 0 || static_cast<std::size_t>(name_index) >= parent.consts.size()) break;
    const ConstantPtr& name = parent.consts[name_index];
    if (name && name->kind == Constant::Kind::Str) return name->text;
    break;
  }
  return child.name;
}

}  // namespace depyf
