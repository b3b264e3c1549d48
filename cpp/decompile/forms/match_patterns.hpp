// Helpers shared by the match statement readers (match_statements.cpp for
// the case layout, match_patterns.cpp for structural patterns).
#pragma once

#include "ast/ast.hpp"

namespace depyf::decompile {

// A value pattern must be a literal or a dotted name (`Color.RED`).
bool is_value_pattern_expr(const ast::ExprPtr& expr);
// None, True or False: compared with `is`, a singleton pattern.
bool is_singleton_constant(const ast::ExprPtr& expr);

}  // namespace depyf::decompile
