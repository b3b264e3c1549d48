// Versions: 3.13+
// Source: `y, y = a, f()` — one local written twice by a two-item tuple assignment.
// Bytecode: LOAD a; <f()>; STORE_FAST y; POP_TOP. The compiler drops the SWAP
//   of the unpacking and turns the first of the two stores to y (the one
//   immediately overwritten) into POP_TOP, so `a` waits on the stack while
//   f() runs and is then thrown away.
// Test: tests/python/decompile_cases/repeated_store_targets.py
//
// Read naively, the discarded `a` becomes a statement of its own after
// `y = f()`: evaluated after the call, which raises a different error when
// `a` is unbound (`del a` before) or runs a property's code in the wrong
// order. Writing the tuple assignment back keeps the order and the bytecode.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

const ast::Name* single_name_target(const ast::Assign& assign) {
  if (assign.targets.size() != 1) return nullptr;
  return ast::as<ast::Name>(assign.targets.front());
}

}  // namespace

bool FunctionDecompiler::pop_after_repeated_store(int index, const Value& value, ast::Body& out) {
  if (code_.version.minor < 13 || index < 1 || out.empty()) return false;
  if (value.kind != Value::Kind::Expr || !value.expr || !value.walrus_targets.empty() || value.copy_token) return false;
  const ir::Instr& store = function_.instrs[index - 1];
  // The POP_TOP must run straight after the store (not be reached by a jump too).
  if (store.op != ir::Op::StoreFast || block_at(index) != block_at(index - 1)) return false;
  auto* assign = ast::as<ast::Assign>(out.back());
  const ast::Name* target = assign ? single_name_target(*assign) : nullptr;
  if (target == nullptr || target->id != store.name) return false;
  ast::ExprPtr held = value.expr;
  // The held value may already have been moved into a temporary when the
  // store overtook it (evaluation_order.cpp): take the temporary back.
  const bool from_temporary = out.size() >= 2 && [&] {
    auto* name = ast::as<ast::Name>(held);
    auto* spilled = ast::as<ast::Assign>(out[out.size() - 2]);
    const ast::Name* spilled_to = spilled ? single_name_target(*spilled) : nullptr;
    return name && is_temporary(name->id) && spilled_to && spilled_to->id == name->id;
  }();
  if (from_temporary) held = ast::as<ast::Assign>(out[out.size() - 2])->value;
  auto targets =
      make::tuple({make::name(store.name, ast::ExprContext::Store), make::name(store.name, ast::ExprContext::Store)},
                  ast::ExprContext::Store);
  auto rewritten = make::assign(targets, make::tuple({held, assign->value}));
  rewritten->lineno = assign->lineno;
  out.back() = rewritten;
  if (from_temporary) out.erase(out.end() - 2);
  return true;
}

}  // namespace depyf::decompile
