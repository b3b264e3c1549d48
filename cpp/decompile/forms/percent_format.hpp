// 3.11+ compile `'literal' % (a, b)` as an f-string when the format is
// simple enough (only %s, %r, %a with small widths and precisions, one per
// tuple item): the constant disappears, its pieces enter co_consts. When
// such a format still reaches BINARY_OP %, the source did not write a plain
// string literal there (an f-string without fields, `f'%s.%s'`), and the
// output must not either.
#pragma once

#include <cstddef>
#include <string_view>

#include "ast/ast.hpp"

namespace depyf::decompile {

// Whether CPython's AST optimizer (3.11+) turns `format % (items...)`, with
// `items` plain (unstarred) tuple elements, into an f-string.
bool compiler_folds_percent_format(std::string_view format, std::size_t items);

// `left % right` as read from 3.11+ bytecode: a string constant that the
// optimizer would have folded becomes an f-string without fields. With
// `constant_tuple_is_display` (3.14+, which fold tuple displays after the
// AST optimizer ran), a tuple constant on the right counts as the display
// it prints as.
ast::ExprPtr unfoldable_format_operand(const ast::ExprPtr& left, const ast::ExprPtr& right,
                                       bool constant_tuple_is_display);

}  // namespace depyf::decompile
