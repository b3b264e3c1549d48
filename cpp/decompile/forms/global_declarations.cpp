// `global` declarations, all versions (3.8-3.15).
//
// A function or class body stores a global only where the source declared
// it, `global g` (a module stores with STORE_NAME; a 3.12+ module-level
// comprehension's walrus stores with STORE_GLOBAL undeclared, so modules
// are left out). Most such stores go through the stack simulation, which
// records the name; these do not:
//   - a capture pattern, `global g` / `case [g, *_]:` (3.10+): the pattern
//     reader consumes the STORE_GLOBAL itself;
//   - a walrus in a comprehension, `global g` / `[(g := v) for v in c]`:
//     the store is in the comprehension's own code object (3.8-3.11 list,
//     set and dict comprehensions; generator expressions on every version),
//     and the function itself may only read `g`, which reads the same
//     declared or not. A comprehension cannot declare anything itself, so
//     its STORE_GLOBAL says the enclosing function did (an undeclared
//     target would be a cell of the function, stored with STORE_DEREF).
// Dropping the declaration makes the name a local of the decompiled
// function: the global keeps its value and earlier reads raise
// UnboundLocalError.
#include "decompile/forms/global_declarations.hpp"

#include <algorithm>
#include <cstring>

#include "bytecode/instruction.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

void add(std::vector<std::string>& names, const std::string& name) {
  if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

// The STORE_GLOBAL names of a comprehension and the comprehensions in it
// (a walrus in the inner one binds in the function, past the outer one).
void comprehension_global_stores(const CodeObject& code, std::vector<std::string>& names) {
  for (const Instruction& instr : decode_instructions(code)) {
    if (std::strcmp(instr.base_opname(), "STORE_GLOBAL") != 0 || !instr.arg) continue;
    if (*instr.arg >= 0 && *instr.arg < int(code.names.size())) add(names, code.names[*instr.arg]);
  }
  for (const auto& nested : code.nested_code())
    if (code_kind(*nested) == CodeKind::Comprehension) comprehension_global_stores(*nested, names);
}

}  // namespace

std::vector<std::string> names_declared_global(const CodeObject& code, const ir::Function& function, bool is_function) {
  std::vector<std::string> names;
  for (const ir::Instr& instr : function.instrs)
    if (instr.op == ir::Op::StoreGlobal || instr.op == ir::Op::DeleteGlobal) add(names, instr.name);
  if (is_function)
    for (const auto& nested : code.nested_code())
      if (code_kind(*nested) == CodeKind::Comprehension) comprehension_global_stores(*nested, names);
  return names;
}

}  // namespace depyf::decompile
