// 3.14+ template strings (PEP 750). Source shape and bytecode:
//
//   t"a{x!r:>{w}}b"      LOAD_CONST ('a', 'b')          the literal parts, one more than the
//                                                        interpolations ('' between two fields)
//                        LOAD x; LOAD_CONST 'x'          value, its source text as written
//                        LOAD_CONST '>'; LOAD w; FORMAT_SIMPLE; BUILD_STRING 2   the format spec
//                        BUILD_INTERPOLATION 11          2 | spec present | conversion << 2
//                        BUILD_TUPLE 1                   the interpolations
//                        BUILD_TEMPLATE
//
// The literal parts' BUILD_TUPLE of constants is folded into one tuple
// constant by the optimizer; an unfolded tuple display is read as well.
#pragma once

#include "ast/ast.hpp"

namespace depyf::decompile {

// BUILD_INTERPOLATION's result; `spec` is null when its oparg has no spec.
ast::ExprPtr interpolation_from_stack(ast::ExprPtr value, ast::ExprPtr source_text, ast::ExprPtr spec, int oparg);

// BUILD_TEMPLATE's result, or null when the two tuples are not a template's
// (literal parts that are not strings, counts that do not pair up).
ast::ExprPtr template_from_parts(const ast::ExprPtr& strings, const ast::ExprPtr& interpolations);

}  // namespace depyf::decompile
