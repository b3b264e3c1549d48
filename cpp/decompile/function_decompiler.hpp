// Decompiles one code object's body: a symbolic walk over the normalised
// IR that rebuilds expressions on a simulated stack and statements from
// control flow, using the CFG's dominators and post-dominators to find
// where branches join and its loop forest to tell loops, break and continue
// apart. Split over several .cpp files by concern; this header is their
// shared class.
#pragma once

#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "cfg/cfg.hpp"
#include "code/code_object.hpp"
#include "decompile/decompiler.hpp"
#include "decompile/stack_value.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

struct LoopContext {
  int continue_target = -1;  // instruction that `continue` jumps to
  int follow = -1;           // instruction that `break` jumps to
  int header_block = -1;
  const LoopContext* outer = nullptr;
};

// What the walk of one region knows about where it must stop.
struct Region {
  int stop = -1;         // instruction index where control leaves the region normally (-1: none)
  int entry_block = -1;  // block the region starts in (joins must be dominated by it)
  const LoopContext* loop = nullptr;
};

// A boolean condition assembled from one or more conditional jumps
// (`a and (b or c)`), with where control goes when it is true or false.
struct Condition {
  ast::ExprPtr expr;
  int true_target = -1;
  int false_target = -1;
  int first_block = -1;
  int next = -1;  // the instruction after the last jump of the chain
};

enum class CodeKind { Module, Class, Function, Lambda, Comprehension };

class FunctionDecompiler {
 public:
  FunctionDecompiler(const CodeObject& code, const DecompileOptions& options);

  ast::Body run();
  CodeKind kind() const { return kind_; }

 private:
  // ---- the walk (function_decompiler.cpp) ----
  // Decompiles from `begin` until control reaches region.stop (returns
  // true) or leaves otherwise: return, raise, break, continue (false).
  // A loop body starts at its own header, which is also its stop: that
  // walk passes enter_loop_header.
  bool walk_region(int begin, const Region& region, Stack& stack, ast::Body& out, bool enter_loop_header = false);
  void finish_body(ast::Body& body);
  void emit(ast::Body& out, ast::StmtPtr stmt, int instr_index);
  [[noreturn]] void fail(int instr_index, const std::string& message) const;

  // ---- expressions and simple statements (simulate.cpp) ----
  void simulate(int index, Stack& stack, ast::Body& out);
  Value pop(Stack& stack, int index);
  ast::ExprPtr pop_expr(Stack& stack, int index);
  ast::ExprPtr expr_of(const Value& value, int index);
  void store(int index, const Value& value, ast::ExprPtr target, Stack& stack, ast::Body& out);
  void simulate_call(int index, Stack& stack);
  void group_parallel_stores(int index, Value& value, Stack& stack);
  void simulate_call_ex(int index, Stack& stack);
  void simulate_import(int index, Stack& stack, ast::Body& out);
  void discard(int index, Stack& stack, ast::Body& out);

  // ---- control flow (control_flow.cpp) ----
  int decompile_conditional(int index, const Region& region, Stack& stack, ast::Body& out);
  int decompile_value_bool(int index, const Region& region, Stack& stack);
  int decompile_loop(int block, const Region& region, Stack& stack, ast::Body& out);
  int try_inverted_while(const ast::ExprPtr& test, int then_start, int else_start, const Region& region, Stack& stack,
                         ast::Body& out, int index);
  Condition read_condition(int index, Stack& stack);
  bool is_pure_condition_block(int block, const Stack& stack, bool allow_loop_header = false) const;
  int join_of(int first_block, const Region& region) const;
  bool inside(int instr, const Region& region) const;

  // ---- definitions (definitions.cpp) ----
  ast::ExprPtr function_expression(const FunctionValue& function, int index);
  ast::StmtPtr function_statement(const FunctionValue& function, const std::string& name,
                                  std::vector<ast::ExprPtr> decorators, int index);
  ast::ExprPtr comprehension_expression(const FunctionValue& function, ast::ExprPtr iterable, int index);
  ast::StmtPtr class_statement(const Value& call_result, const std::string& name, int index);

  // ---- comprehensions (comprehensions.cpp) ----
  // The nest of for/if statements around one element marker, as the
  // comprehension of `kind` ("<listcomp>" ...); `iterable` replaces the
  // first loop's iterator when not null (≤3.11 `.0`).
  ast::ExprPtr comprehension_from_body(const ast::Body& body, const std::string& kind, ast::ExprPtr iterable,
                                       int index);
  // 3.12+ inlined comprehension: is the FOR_ITER at `header` the loop of one?
  bool is_inline_comprehension(int header, const Stack& stack) const;
  // Replaces the accumulator below the loop with the comprehension; claims
  // the comprehension's cleanup handler.
  void finish_inline_comprehension(int header, ast::StmtPtr loop, Stack& stack);
  // 3.12+: the StopIteration-to-RuntimeError handler around a generator body.
  void claim_generator_wrapper();

  const CodeObject& code_;
  DecompileOptions options_;
  ir::Function function_;
  cfg::Graph graph_;
  CodeKind kind_ = CodeKind::Function;
  bool comprehension_mode_ = false;  // element-adding ops become marker statements
  // Instructions the walk turned into source. Anything reachable left over
  // (an exception handler nothing structured claimed) is an error, never
  // silently dropped code.
  std::vector<char> visited_;
  void check_everything_decompiled() const;
  std::vector<std::string> globals_;    // names declared `global`
  std::vector<std::string> nonlocals_;  // names declared `nonlocal`
  long steps_ = 0;                      // guards against a walk that would never end
};

// Helpers shared by the .cpp files.
CodeKind code_kind(const CodeObject& code);
std::shared_ptr<ast::Arguments> signature_of(const CodeObject& code);
bool is_true_constant(const ast::ExprPtr& expr);
ast::ExprPtr negate(ast::ExprPtr expr);

}  // namespace depyf::decompile
