// The order a constant set display was written in.
//
// Versions: 3.14+.
// Source:
//     if name in {'SHA1', 'sha1'}: cache['SHA1'] = cache['sha1'] = ...
// Bytecode:
//     LOAD_CONST frozenset({'sha1', 'SHA1'}); CONTAINS_OP
//     co_consts = (..., 'SHA1', 'sha1', ..., frozenset({...}))
// Test: tests/python/decompile_cases/constant_set_item_order.py (cache_by_name, check_mode)
//
// The optimizer folds the display into a frozenset after the compiler met
// its items one by one, adding each to co_consts, and drops the constants no
// instruction loads, all but co_consts[0] (it might be a docstring). An item
// that stays, loaded elsewhere or kept first, stands where the display put
// it (or earlier, where other code met it first). The frozenset's own order
// is its hash order, so the items are printed in their co_consts order; the
// ones that were dropped can stand anywhere.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

#include "code/constant.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

inline ConstantPtr with_first_met_item_first(const ir::Function& function, const ConstantPtr& constant) {
  const CodeObject& code = *function.code;
  constexpr std::uint32_t kFlagHasDocstring = 0x4000000;  // co_consts[0] is the docstring
  if (code.version.minor < 14 || constant->kind != Constant::Kind::FrozenSet || constant->items.size() < 2)
    return constant;
  auto same = [](const Constant& a, const Constant& b) {
    return a.kind == b.kind && a.text == b.text && a.boolean == b.boolean &&
           (a.kind != Constant::Kind::Float || a.real == b.real);
  };
  const std::size_t from = (code.flags & kFlagHasDocstring) ? 1 : 0;
  auto index_of = [&](const ConstantPtr& item) {
    for (std::size_t k = from; k < code.consts.size(); ++k)
      if (item && code.consts[k] && same(*item, *code.consts[k])) return int(k);
    return INT_MAX;
  };
  std::vector<std::pair<int, ConstantPtr>> ranked;
  for (const auto& item : constant->items) ranked.emplace_back(index_of(item), item);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  auto reordered = std::make_shared<Constant>(*constant);
  for (std::size_t k = 0; k < ranked.size(); ++k) reordered->items[k] = ranked[k].second;
  return reordered;
}

}  // namespace depyf::decompile
