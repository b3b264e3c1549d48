#include "bytecode/instruction.hpp"

namespace depyf {

namespace {

const char* name_in(const OpcodeTable* table, int opcode) {
  if (table == nullptr) return "<no table>";
  const char* name = table->info(opcode).name;
  return name != nullptr ? name : "<unknown opcode>";
}

}  // namespace

const char* Instruction::opname() const {
  return name_in(table, opcode);
}

const char* Instruction::base_opname() const {
  return name_in(table, base_opcode);
}

}  // namespace depyf
