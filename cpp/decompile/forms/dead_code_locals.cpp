// Locals bound only in dead code, all versions (3.8-3.15), functions.
//
// The symbol table is built before any code is, so a name bound only in
// a statement the compiler then drops is still a local of the function:
//     for z in (1, 2): t(x)        try: pass              try: raise G(...)
//     else: return z               except E1: y = 0       except* E1: ...
//     x = 1                        return y               else: z = 1
// (code after a for/else that returns; 3.11+ drop a handler whose body
// cannot raise, and the else of a try/except* whose body always raises).
// The name is in co_varnames (or co_cellvars, read by a nested function)
// with no reachable instruction storing it, and every read of it raises
// UnboundLocalError. Left out, the decompiled function would read a global
// of that name instead. A dead store puts it back:
//     if False:
//         x = None
// which every version compiles to nothing (3.8/3.9 never compile the
// block; 3.10+ drop it) while the symbol table still makes `x` local.
//
// co_varnames lists locals in the order the symbol table met them, so the
// store goes at the end when no live local comes after the name, at the
// start when none comes before it, else at the end (the order then
// differs, the behaviour does not). Cells are listed sorted: the end.
#include "decompile/forms/dead_code_locals.hpp"

#include <algorithm>
#include <cstring>

#include "ast/factory.hpp"
#include "bytecode/instruction.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Whether a comprehension nested in `code` (at any depth) may bind `name`
// for it: a walrus there stores the function's cell with STORE_DEREF in
// the comprehension's own code object (3.8-3.11; generator expressions on
// every version). One that only reads the name binds nothing.
bool comprehension_may_bind(const CodeObject& code, const std::string& name) {
  for (const auto& nested : code.nested_code()) {
    if (code_kind(*nested) != CodeKind::Comprehension) continue;
    if (contains(nested->freevars, name)) {
      const auto instrs = decode_instructions(*nested);
      if (std::any_of(instrs.begin(), instrs.end(),
                      [](const Instruction& i) { return std::strcmp(i.base_opname(), "STORE_DEREF") == 0; }))
        return true;
    }
    if (comprehension_may_bind(*nested, name)) return true;
  }
  return false;
}

// Where declarations end: the docstring, then `global` and `nonlocal`.
std::size_t after_declarations(const ast::Body& body) {
  std::size_t at = 0;
  if (at < body.size()) {
    auto* expr = ast::as<ast::ExprStmt>(body[at]);
    auto* text = expr ? ast::as<ast::Constant>(expr->value) : nullptr;
    if (text && text->value && text->value->kind == Constant::Kind::Str) ++at;
  }
  while (at < body.size() && (body[at]->kind == ast::StmtKind::Global || body[at]->kind == ast::StmtKind::Nonlocal))
    ++at;
  return at;
}

ast::StmtPtr dead_store(const std::string& name) {
  return make::if_(make::boolean(false), {make::assign(make::name(name, ast::ExprContext::Store), make::none())});
}

}  // namespace

void restore_dead_code_locals(const CodeObject& code, const ir::Function& function, const cfg::Graph& graph,
                              ast::Body& body) {
  // (3.11+ keep a dropped handler's instructions, with no exception table
  // entry leading to them: only reachable blocks count.)
  std::vector<std::string> bound;
  for (const cfg::Block& block : graph.blocks) {
    if (!block.reachable) continue;
    for (int i = block.first; i <= block.last && i < int(function.instrs.size()); ++i) {
      const ir::Instr& instr = function.instrs[i];
      if (instr.op == ir::Op::StoreFast || instr.op == ir::Op::StoreDeref || instr.op == ir::Op::DeleteFast ||
          instr.op == ir::Op::DeleteDeref)
        bound.push_back(instr.name);
    }
  }
  // A name the function reads or writes as a global is no local of its
  // source, whatever co_varnames says: 3.12+ list there the global a walrus
  // in an inlined comprehension binds (`global g` / `{v: (g := 3) for v in
  // c}`), and when the optimizer drops that comprehension as dead code the
  // name looks bound nowhere. (A dead store would make `g` a local, and
  // every live read of it an UnboundLocalError.)
  std::vector<std::string> globals;
  for (const ir::Instr& instr : function.instrs)
    if (instr.op == ir::Op::LoadGlobal || instr.op == ir::Op::StoreGlobal || instr.op == ir::Op::DeleteGlobal)
      globals.push_back(instr.name);
  int argument_count = code.argcount + code.kwonlyargcount;
  if (code.flags & kFlagVarargs) ++argument_count;
  if (code.flags & kFlagVarKeywords) ++argument_count;
  argument_count = std::min(argument_count, int(code.varnames.size()));
  const std::vector<std::string> arguments(code.varnames.begin(), code.varnames.begin() + argument_count);
  // (Names the compiler makes up start with a dot; 3.12+ hidden locals
  // belong to inlined comprehensions, which store them.)
  auto is_dead = [&](const std::string& name) {
    if (name.empty() || name[0] == '.' || name == "__class__" || contains(arguments, name) || contains(bound, name) ||
        contains(globals, name))
      return false;
    for (std::size_t i = 0; i < code.localsplus_names.size() && i < code.localsplus_kinds.size(); ++i)
      if (code.localsplus_names[i] == name && (code.localsplus_kinds[i] & kLocalHidden)) return false;
    return !comprehension_may_bind(code, name);
  };
  const std::vector<std::string> locals(code.varnames.begin() + argument_count, code.varnames.end());
  std::vector<std::string> at_start, at_end;
  for (std::size_t k = 0; k < locals.size(); ++k) {
    if (!is_dead(locals[k])) continue;
    const bool live_before = std::any_of(locals.begin(), locals.begin() + k, [&](auto& n) { return !is_dead(n); });
    const bool live_after = std::any_of(locals.begin() + k + 1, locals.end(), [&](auto& n) { return !is_dead(n); });
    (live_after && !live_before ? at_start : at_end).push_back(locals[k]);
  }
  for (const std::string& name : code.cellvars)
    if (!contains(code.varnames, name) && is_dead(name)) at_end.push_back(name);
  if (at_start.empty() && at_end.empty()) return;
  // (A body that was only `pass` is nothing but the store now.)
  if (body.size() == 1 && body[0]->kind == ast::StmtKind::Pass) body.clear();
  for (const std::string& name : at_end) body.push_back(dead_store(name));
  std::size_t at = after_declarations(body);
  for (const std::string& name : at_start)
    body.insert(body.begin() + static_cast<std::ptrdiff_t>(at++), dead_store(name));
}

}  // namespace depyf::decompile
