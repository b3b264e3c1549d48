// The item a constant set display was written with first.
//
// Versions: 3.14 and later.
// Source:   if item in {'__name__', '__qualname__'}: ...
// Bytecode: LOAD_CONST frozenset({'__qualname__', '__name__'}); CONTAINS_OP
//           co_consts = ('__name__', frozenset({...}))
//
// The optimizer folds the display into a frozenset after the compiler met
// its items one by one, and drops the constants no instruction loads, all
// but co_consts[0]: the first constant met, the display's first item. The
// frozenset's own order is its hash order, so that item is printed first.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "code/constant.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

inline ConstantPtr with_first_met_item_first(const ir::Function& function, const ConstantPtr& constant) {
  const CodeObject& code = *function.code;
  constexpr std::uint32_t kFlagHasDocstring = 0x4000000;  // co_consts[0] is the docstring
  if (code.version.minor < 14 || constant->kind != Constant::Kind::FrozenSet || code.consts.empty() ||
      (code.flags & kFlagHasDocstring))
    return constant;
  const Constant& first = *code.consts[0];
  for (const ir::Instr& instr : function.instrs)
    if (instr.op == ir::Op::LoadConst && instr.arg == 0) return constant;  // a constant of its own
  auto same = [&](const Constant& item) {
    return item.kind == first.kind && item.text == first.text && item.boolean == first.boolean &&
           (item.kind != Constant::Kind::Float || item.real == first.real);
  };
  for (std::size_t k = 1; k < constant->items.size(); ++k) {
    if (!same(*constant->items[k])) continue;
    auto reordered = std::make_shared<Constant>(*constant);
    std::rotate(reordered->items.begin(), reordered->items.begin() + k, reordered->items.begin() + k + 1);
    return reordered;
  }
  return constant;
}

}  // namespace depyf::decompile
