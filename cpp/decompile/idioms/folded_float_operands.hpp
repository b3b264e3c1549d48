// A folded float whose operands meet no other constant.
//
// Versions: 3.14+ (constant folding in the CFG optimizer).
// Source:
//     daysecondsfrac = dayfrac * (24. * 3600.)    ...    s <= 2 * 24 * 3600
// Bytecode:
//     co_consts (..., 86400.0, 86400, 172800, ...): each folded value
//     appended after the constants code generation added.
// Test: tests/python/decompile_cases/folded_float_dividend.py (day_fraction)
//
// A folded float is written back as an int expression divided by a small
// int, `(3 * 225 << 8) / 2`; every step of it folds to a constant that is
// appended too, and one the function keeps for other code (172800 here)
// would then stand before the float instead of after it. So the division
// is chosen among those whose steps are no other constant of the function.
#pragma once

#include <vector>

#include "ast/ast.hpp"
#include "code/constant.hpp"

namespace depyf::decompile {

// folding_expression (folded_constants.hpp), where a float's operands
// avoid every value in `consts` (the function's co_consts).
ast::ExprPtr folding_expression_among(const ConstantPtr& constant, const ConstantPtr& leading,
                                      const std::vector<ConstantPtr>& consts);

}  // namespace depyf::decompile
