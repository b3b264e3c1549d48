// A walrus as an item of a tuple assignment's display, all versions
// (3.8-3.15):
//     a, g1 = t(l9), (g0 := 4)
// 3.8-3.10: LOAD t(l9); LOAD_CONST 4; DUP_TOP; STORE g0; ROT_TWO; STORE a; STORE g1
// 3.11+:    LOAD t(l9); LOAD_CONST 4; COPY 1; STORE g0; STORE g1; STORE a
//           (3.11+ drop the SWAP and store in reverse order)
// The copy left on the stack after the walrus's store is a finished
// walrus: its twin is gone. Stored next it would be a chained assignment
// (`g0 = g1 = 4`), but rotated with, or stored in a run with, the plain
// values below it, it is one more item of the display. Read otherwise,
// the walrus ran before the items left of it (spilled into a temporary)
// or its value was evaluated twice.
#pragma once

#include <algorithm>

#include "decompile/walk/stack_value.hpp"

namespace depyf::decompile {

// Whether `value` is the copy a walrus left behind: a plain expression
// whose twin was stored and is no longer on `stack`.
inline bool finished_walrus(const Value& value, const Stack& stack) {
  if (value.kind != Value::Kind::Expr || value.walrus_targets.empty() || !value.copy_token || value.inplace ||
      value.accumulator || value.group != nullptr || value.function)
    return false;
  // (`value` may be on the stack itself or popped from it already.)
  return std::none_of(stack.begin(), stack.end(), [&](const Value& other) {
    return &other != &value && other.copy_token == value.copy_token;
  });
}

}  // namespace depyf::decompile
