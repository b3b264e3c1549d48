// Dynamo's profiler guard: a conditional whose branches each push None,
// dropped where they meet, while values are held on the stack below.
//
// Versions: generated code only; torch 2.15 (seen on CPython 3.14 and 3.15;
//           torch 2.15 does not install on 3.11 here, its codegen is the
//           same on every version).
// Source:   (what runs; the graph's callable and NULL held across it)
//             if tmp_3:                    # torch.autograd.profiler._is_profiler_enabled
//                 tmp_1 = tmp_2.record_pregraph_bytecode_enter()
//             ...
//             if tmp_1 is not None:
//                 tmp_2.record_pregraph_bytecode_exit(tmp_1)
// Bytecode: LOAD_GLOBAL __compiled_fn_N + NULL      (held across what follows)
//           ... LOAD_FAST tmp_3; TO_BOOL; POP_JUMP_IF_FALSE L1; NOT_TAKEN
//           LOAD_FAST tmp_2; LOAD_ATTR record_pregraph_bytecode_enter; PUSH_NULL; CALL 0
//           STORE_FAST tmp_1; LOAD_CONST None; JUMP_FORWARD L2
//           L1: LOAD_CONST None
//           L2: NOP; POP_TOP
//           (the exit the same, around `tmp_1 is None`, with x held too)
//
// Dynamo writes an expression statement `a() if c else None` with a store
// inside its first branch: no source compiles to that, so the branches meet
// with a statement in one and a value on the stack in both. The values are
// the same constant and the join drops it, so reading the conditional as an
// if statement and the two constants as one value left for the POP_TOP to
// drop runs the same code.
#pragma once

#include <cstddef>

#include "ast/nodes_expr.hpp"
#include "code/constant.hpp"
#include "decompile/walk/stack_value.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Both branches fell to `join` leaving one None each above the `held`
// values, and the code at the join drops it: the else branch's None is
// made the then branch's node (the stacks then meet as one), true.
inline bool share_discarded_join_constant(const ir::Function& function, int join, std::size_t held,
                                          Stack& then_stack, Stack& else_stack) {
  const auto& instrs = function.instrs;
  if (join < 0 || then_stack.size() != held + 1 || else_stack.size() != held + 1) return false;
  auto pushed_none = [](const Value& value) {
    const auto* constant = value.kind == Value::Kind::Expr ? ast::as<ast::Constant>(value.expr) : nullptr;
    return constant && constant->value && constant->value->kind == Constant::Kind::None && !value.copy_token &&
           value.walrus_targets.empty();
  };
  if (!pushed_none(then_stack.back()) || !pushed_none(else_stack.back())) return false;
  int at = join;
  while (at < int(instrs.size()) && instrs[at].op == ir::Op::Nop) ++at;
  if (at >= int(instrs.size()) || instrs[at].op != ir::Op::PopTop) return false;
  else_stack.back() = then_stack.back();
  return true;
}

// A held value the first branch's statements could change was spilled
// into a temporary at the start of that branch (evaluation_order.cpp),
// the other branch left it alone: the value was evaluated before the
// test, so its assignment goes before the if (returned, removed from the
// branch) and both branches hold the temporary. (`self.w` waiting for the
// graph call across the exit guard.)
inline ast::Body hoist_held_spills(const Stack& stack, Stack& then_stack, ast::Body& then_body, Stack& else_stack) {
  const std::size_t held = stack.size();
  ast::Body hoisted;
  if (then_stack.size() < held || else_stack.size() < held) return hoisted;
  for (std::size_t i = 0; i < held; ++i)
    if (else_stack[i].expr != stack[i].expr) return hoisted;
  std::size_t lead = 0;
  for (; lead < then_body.size(); ++lead) {
    const auto* assign = ast::as<ast::Assign>(then_body[lead]);
    const auto* target = assign && assign->targets.size() == 1 ? ast::as<ast::Name>(assign->targets[0]) : nullptr;
    bool spilled = false;
    for (std::size_t i = 0; target && i < held && !spilled; ++i)
      spilled = stack[i].expr && assign->value == stack[i].expr && ast::as<ast::Name>(then_stack[i].expr) &&
                ast::as<ast::Name>(then_stack[i].expr)->id == target->id;
    if (!spilled) break;
  }
  if (lead == 0) return hoisted;
  hoisted.assign(then_body.begin(), then_body.begin() + static_cast<std::ptrdiff_t>(lead));
  then_body.erase(then_body.begin(), then_body.begin() + static_cast<std::ptrdiff_t>(lead));
  for (std::size_t i = 0; i < held; ++i) else_stack[i] = then_stack[i];
  return hoisted;
}

}  // namespace depyf::decompile
