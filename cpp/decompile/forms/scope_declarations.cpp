// `global` and `nonlocal` declarations the stack simulation does not see,
// all versions (3.8-3.15).
//
// A function or class body stores a global (STORE_GLOBAL) only where the
// source declared it `global g`, and a function stores into a free
// variable (STORE_DEREF / DELETE_DEREF of a name in co_freevars) only where
// it declared it `nonlocal x`. (A module stores with STORE_NAME; a 3.12+
// module-level comprehension's walrus stores with STORE_GLOBAL undeclared,
// so modules are left out.) The simulation records the declaration at each
// store it reads; these stores it does not read:
//   - a capture pattern, `global g` / `case [g, *_]:`, `nonlocal x` /
//     `case [y, x]:` or `case x if g:` (3.10+): the pattern reader consumes
//     the store itself;
//   - a walrus in a comprehension, `[(g := v) for v in c]`: the store is in
//     the comprehension's own code object (3.8-3.11 list, set and dict
//     comprehensions; generator expressions on every version), and the
//     function itself may only read the name, which reads the same declared
//     or not. A comprehension cannot declare anything itself, so its
//     STORE_GLOBAL says the enclosing function declared `global`, and its
//     STORE_DEREF of one of its own free variables that is a free variable
//     of the function too says `nonlocal` (undeclared, the target would be
//     a cell of the function, stored with STORE_DEREF).
// Dropping a declaration makes the name a local of the decompiled function:
// the global or the enclosing function's variable keeps its value, and a
// read before the store raises UnboundLocalError.
//
// Left out: a 3.12+ inlined comprehension whose variable has the name of a
// free variable (`[lambda: T for T in T]`) stores the free slot without a
// declaration, after saving it with LOAD_FAST_AND_CLEAR; such names are
// left to the simulation, which tells the two apart by the saved value.
#include "decompile/forms/scope_declarations.hpp"

#include <algorithm>
#include <cstring>

#include "bytecode/instruction.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void add(std::vector<std::string>& names, const std::string& name) {
  if (!name.empty() && !contains(names, name)) names.push_back(name);
}

enum class Scope { Global, Nonlocal };

// The name a comprehension's instruction stores into `scope` (STORE_GLOBAL;
// STORE_DEREF / DELETE_DEREF of one of its free variables), or nullptr.
// Read from the raw instruction: the comprehension is decompiled, and so
// normalised, only later, where its expression is met.
const std::string* stored_name(const CodeObject& code, const Instruction& instr, Scope scope) {
  if (!instr.arg || *instr.arg < 0) return nullptr;
  const int arg = *instr.arg;
  const char* op = instr.base_opname();
  if (scope == Scope::Global)
    return std::strcmp(op, "STORE_GLOBAL") == 0 && arg < int(code.names.size()) ? &code.names[arg] : nullptr;
  if (std::strcmp(op, "STORE_DEREF") != 0 && std::strcmp(op, "DELETE_DEREF") != 0) return nullptr;
  // One table of locals, cells and free variables from 3.11 on; before
  // that the *_DEREF family indexes cellvars + freevars.
  const std::string* name = nullptr;
  if (code.version.minor >= 11) {
    if (arg < int(code.localsplus_names.size())) name = &code.localsplus_names[arg];
  } else {
    const int cells = int(code.cellvars.size());
    if (arg < cells) name = &code.cellvars[arg];
    else if (arg - cells < int(code.freevars.size())) name = &code.freevars[arg - cells];
  }
  return name && contains(code.freevars, *name) ? name : nullptr;
}

// The names a comprehension, and the comprehensions in it, store into
// `scope` (a walrus in the inner one binds in the function, past the
// outer one).
void comprehension_stores(const CodeObject& code, Scope scope, std::vector<std::string>& names) {
  for (const Instruction& instr : decode_instructions(code))
    if (const std::string* name = stored_name(code, instr, scope)) add(names, *name);
  for (const auto& nested : code.nested_code())
    if (code_kind(*nested) == CodeKind::Comprehension) comprehension_stores(*nested, scope, names);
}

void nested_comprehension_stores(const CodeObject& code, Scope scope, std::vector<std::string>& names) {
  for (const auto& nested : code.nested_code())
    if (code_kind(*nested) == CodeKind::Comprehension) comprehension_stores(*nested, scope, names);
}

}  // namespace

std::vector<std::string> names_declared_global(const CodeObject& code, const ir::Function& function, bool is_function) {
  std::vector<std::string> names;
  for (const ir::Instr& instr : function.instrs)
    if (instr.op == ir::Op::StoreGlobal || instr.op == ir::Op::DeleteGlobal) add(names, instr.name);
  if (is_function) nested_comprehension_stores(code, Scope::Global, names);
  return names;
}

std::vector<std::string> names_declared_nonlocal(const CodeObject& code, const ir::Function& function) {
  std::vector<std::string> stored;
  for (const ir::Instr& instr : function.instrs)
    if (instr.op == ir::Op::StoreDeref || instr.op == ir::Op::DeleteDeref) add(stored, instr.name);
  nested_comprehension_stores(code, Scope::Nonlocal, stored);
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
