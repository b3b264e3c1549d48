// `nonlocal` declarations the stack simulation does not see, all versions
// (3.8-3.15).
//
// A function stores into a free variable (STORE_DEREF / DELETE_DEREF of a
// name in co_freevars) only where the source declared it, `nonlocal x`.
// The simulation records the declaration at each store it reads; these
// stores it does not read:
//   - a capture pattern, `nonlocal x` / `case [y, x]:` or `case x if g:`
//     (3.10+): the pattern reader consumes the STORE_DEREF itself;
//   - a walrus in a comprehension, `nonlocal x` / `[(x := v) for v in c]`:
//     the store is in the comprehension's own code object (3.8-3.11 list,
//     set and dict comprehensions; generator expressions on every version)
//     as a STORE_DEREF of one of its free variables that is a free variable
//     of the function too (undeclared, it would be a cell of the function).
// Dropping the declaration makes the name a local of the decompiled
// function: the enclosing function's variable keeps its value, and a read
// before the store raises UnboundLocalError.
//
// Left out: a 3.12+ inlined comprehension whose variable has the name of a
// free variable (`[lambda: T for T in T]`) stores the free slot without a
// declaration, after saving it with LOAD_FAST_AND_CLEAR; such names are
// left to the simulation, which tells the two apart by the saved value.
#include "decompile/forms/nonlocal_declarations.hpp"

#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool is_free_store(const ir::Instr& instr) {
  return instr.op == ir::Op::StoreDeref || instr.op == ir::Op::DeleteDeref;
}

// The free variables a comprehension, or one nested in it, stores.
void comprehension_free_stores(const CodeObject& code, std::vector<std::string>& names) {
  const ir::Function function = ir::normalise(code);
  for (const ir::Instr& instr : function.instrs)
    if (is_free_store(instr) && contains(code.freevars, instr.name) && !contains(names, instr.name))
      names.push_back(instr.name);
  for (const auto& nested : code.nested_code())
    if (code_kind(*nested) == CodeKind::Comprehension) comprehension_free_stores(*nested, names);
}

}  // namespace

std::vector<std::string> names_declared_nonlocal(const CodeObject& code, const ir::Function& function) {
  std::vector<std::string> stored;
  for (const ir::Instr& instr : function.instrs)
    if (is_free_store(instr) && !contains(stored, instr.name)) stored.push_back(instr.name);
  for (const auto& nested : code.nested_code())
    if (code_kind(*nested) == CodeKind::Comprehension) comprehension_free_stores(*nested, stored);
  std::vector<std::string> names;
  for (const std::string& name : stored) {
    if (!contains(code.freevars, name) || name == "__class__" || name == "__classdict__") continue;
    const bool saved_by_inlined_comprehension = std::any_of(
        function.instrs.begin(), function.instrs.end(),
        [&](const ir::Instr& instr) { return instr.op == ir::Op::LoadFastAndClear && instr.name == name; });
    if (!saved_by_inlined_comprehension) names.push_back(name);
  }
  return names;
}

}  // namespace depyf::decompile
