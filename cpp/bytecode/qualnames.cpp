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

std::vector<std::string> qualnames_for_nested(const CodeObject& parent) {
  std::vector<std::string> result(parent.consts.size());
  std::vector<bool> seen(parent.consts.size(), false);  // only the first load of each code object counts
  for (std::size_t i = 0; i < parent.consts.size(); ++i) {
    const ConstantPtr& constant = parent.consts[i];
    if (constant && constant->kind == Constant::Kind::Code && constant->code) {
      result[i] = parent.version.minor >= 11 ? constant->code->qualname : constant->code->name;
    } else {
      seen[i] = true;  // not a code object: nothing to find
    }
  }
  if (parent.version.minor >= 11) return result;

  // One pass over the instructions for all constants: a parent with
  // thousands of nested code objects must not be decoded once for each.
  const OpcodeTable& table = opcode_table(parent.version);
  const int load_const = table.opcode("LOAD_CONST");
  const int make_function = table.opcode("MAKE_FUNCTION");
  const std::vector<Instruction> code = decode_instructions(parent);
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i].base_opcode != load_const) continue;
    const int const_index = *code[i].arg;
    if (const_index < 0 || static_cast<std::size_t>(const_index) >= seen.size() || seen[const_index]) continue;
    seen[const_index] = true;
    const std::size_t name_at = next_real(code, i, table.extended_arg);
    if (name_at >= code.size() || code[name_at].base_opcode != load_const) continue;
    const std::size_t make_at = next_real(code, name_at, table.extended_arg);
    if (make_at >= code.size() || code[make_at].base_opcode != make_function) continue;
    const int name_index = *code[name_at].arg;
    if (name_index < 0 || static_cast<std::size_t>(name_index) >= parent.consts.size()) continue;
    const ConstantPtr& name = parent.consts[name_index];
    if (name && name->kind == Constant::Kind::Str) result[const_index] = name->text;
  }
  return result;
}

std::string qualname_for_nested(const CodeObject& parent, std::size_t const_index) {
  if (const_index >= parent.consts.size() || !parent.consts[const_index] ||
      parent.consts[const_index]->kind != Constant::Kind::Code || !parent.consts[const_index]->code) {
    throw Error("constant " + std::to_string(const_index) + " of " + parent.name + " is not a code object");
  }
  return qualnames_for_nested(parent)[const_index];
}

}  // namespace depyf
