// An assert ending a loop body, read back as one.
//
// Versions: 3.12+ (the optimizer threads the assert's jump).
// Source:
//     for x in a:
//         assert x <= b, msg
// Bytecode:
//     the test's jump over the raise lands on the loop's back jump, which the
//     optimizer copies into its place and then inverts:
//         <x <= b>; POP_JUMP_IF_FALSE raise; JUMP_BACKWARD top
//     raise: LOAD_ASSERTION_ERROR; [<msg>; CALL]; RAISE_VARARGS 1
//     which structures as `if x <= b: continue` followed by the raise alone
//     (read as `assert False, msg`, 3.10+ dropping the test of an assert that
//     always fails).
// Test: tests/python/decompile_cases/assert_ends_loop_body.py (sorted_runs, checked),
//     tests/python/decompile_cases/assert_ends_loop_body_py314.py
//
// Where the two end a loop body (or a branch that ends one), going on
// after them is the loop's continue, so `assert x <= b, msg` behaves the
// same; it also compiles back to these jumps, where `assert False` would
// keep a False constant (3.14+).
#pragma once

#include <functional>

#include "ast/ast.hpp"
#include "code/code_object.hpp"

namespace depyf::decompile {

// Whether the folding may be wrong: before 3.12 the assert and the if
// compile to different jumps (the structuring reads an assert where there
// was one), and 3.14+ keep the False of a written `assert False`'s folded
// test among the constants, so there the if is the source's when False is.
bool may_write_assert_false(const CodeObject& code);

// The assert statement whose raise runs when `guard` holds.
using AssertOfGuard = std::function<ast::StmtPtr(const ast::ExprPtr& guard, const ast::ExprPtr& message)>;

// Rewrites, in every loop of `body` (nested statements included, not
// nested code objects), `if t: continue` + `assert False[, msg]` ending the
// loop body, or ending an if/else branch that ends it, into `assert t[, msg]`,
// and `if g: assert False[, msg]` there into `assert_of(g, msg)`.
void fold_loop_end_asserts(ast::Body& body, const AssertOfGuard& assert_of);

}  // namespace depyf::decompile
