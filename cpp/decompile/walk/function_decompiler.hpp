// Decompiles one code object's body: a symbolic walk over the normalised
// IR that rebuilds expressions on a simulated stack and statements from
// control flow, using the CFG's dominators and post-dominators to find
// where branches join and its loop forest to tell loops, break and continue
// apart. Split over several .cpp files by concern; this header is their
// shared class.
#pragma once

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "cfg/cfg.hpp"
#include "code/code_object.hpp"
#include "decompile/decompiler.hpp"
#include "decompile/idioms/folded_constants.hpp"
#include "decompile/walk/stack_value.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether a function's first constant is its docstring: ≤3.13 whenever it
// is a str; 3.14+ only with CO_HAS_DOCSTRING (a str constant may come first
// without being one).
inline bool has_docstring(const CodeObject& code) {
  constexpr std::uint32_t kFlagHasDocstring = 0x4000000;  // 3.14+
  if (code.consts.empty() || code.consts[0]->kind != Constant::Kind::Str) return false;
  return code.version.minor < 14 || (code.flags & kFlagHasDocstring) != 0;
}

struct LoopContext {
  int continue_target = -1;  // instruction that `continue` jumps to
  int follow = -1;           // instruction that `break` jumps to
  int header_block = -1;
  const LoopContext* outer = nullptr;
  // 3.10+ `while c:` compiled as `if c: do { body } while (c)`: `continue`
  // jumps to the latch's copy of c or to the test at the top.
  int top_test = -1;
  int exit = -1;  // where the loop ends when its test fails (-1: no test)
  // 3.10+ repeat a while test at the end of the body, so in a loop tested
  // only at the top every jump back to the test is a written `continue`.
  bool explicit_continues = false;
  bool continues_at(int target) const { return target == continue_target || (top_test >= 0 && target == top_test); }
  // An instruction that is a `break` when the body falls into it (3.12+
  // place the code after an async for with a break before its exit).
  int break_by_falling_in = -1;
  // 3.12+ while loops: where the code after the loop, or a copy of it,
  // stands in for a `break`'s jump (dropped_break_jumps.cpp).
  std::vector<int> dropped_breaks{};
  // ≤3.9: the jump of a `continue` written as the body's last statement
  // (the latch after it is dead code), which the walk would take for the
  // body's natural end (-1: none).
  int final_continue = -1;
  // The natural loop of the statement (null: the one its header heads;
  // set where two loops share a header and the graph merged them).
  const cfg::Loop* natural = nullptr;
};

// A finally body (the handler's copy) of a try statement around a region.
struct FinallyBody {
  int start = -1;
  int length = 0;
  const FinallyBody* outer = nullptr;
};

// What the walk of one region knows about where it must stop.
struct Region {
  int stop = -1;         // instruction index where control leaves the region normally (-1: none)
  int entry_block = -1;  // block the region starts in (joins must be dominated by it)
  const LoopContext* loop = nullptr;
  // 3.11+: the exception handler protecting the region's code (-1: none);
  // code under another handler starts a nested try statement.
  int protection = -1;
  // Inside an except clause: the stack depth at which POP_EXCEPT ends the
  // clause (a POP_EXCEPT above it unwinds for a return/break/continue).
  int clause_depth = -1;
  std::vector<int>* clause_ends = nullptr;  // where the ending POP_EXCEPTs were found
  std::string clause_name{};  // `except E as name`: the unbinding after POP_EXCEPT is implicit
  const LoopContext* clause_loop = nullptr;  // the loop around the except statement
  // The clause also ends by jumping to the code after the try, so a
  // POP_EXCEPT at its depth followed by a return is a `return` inside it.
  bool clause_returns = false;
  // ... except the POP_EXCEPT here, which ends the clause all the same
  // (it runs into a copy of the code after the try; -1: none).
  int clause_end_at = -1;
  // Inside a try with a finally clause: the handler's copy of the finally
  // body, whose inlined copies before return/break/continue are skipped.
  int finally_start = -1;
  int finally_length = 0;
  // The same for the try statements around that one, innermost first
  // (a `return` inside nested try/finally runs every finally body's copy).
  const FinallyBody* outer_finally = nullptr;
  int finally_end = -1;  // 3.8: the END_FINALLY closing a shared finally body
  int* stopped_at = nullptr;  // where the walk stopped when it fell through (set by the caller that asks)
  // Inside a with body: its exit handler, and the exit that ends the with
  // statement (other exits belong to a return inside the body).
  int with_handler = -1;
  int with_normal_exit = -1;

  // A nested region: same context, its own stop and entry.
  Region sub(int new_stop, int new_entry_block, const LoopContext* new_loop) const {
    Region r = *this;
    r.stop = new_stop;
    r.entry_block = new_entry_block;
    r.loop = new_loop;
    r.clause_ends = clause_ends;
    r.stopped_at = nullptr;
    return r;
  }
};

// A boolean condition assembled from one or more conditional jumps
// (`a and (b or c)`), with where control goes when it is true or false.
struct Condition {
  ast::ExprPtr expr;
  int true_target = -1;
  int false_target = -1;
  int first_block = -1;
  int next = -1;  // the instruction after the last jump of the chain
  std::vector<int> blocks;  // the blocks the condition was read from
};

// Whether `list` (of owning node pointers) holds `node` itself.
template <class List, class Node>
bool holds(const List& list, const Node* node) {
  return std::any_of(list.begin(), list.end(), [&](const auto& held) { return held.get() == node; });
}

enum class CodeKind { Module, Class, Function, Lambda, Comprehension };

// Whether the instruction's name operand is an entry of co_names.
bool names_from_co_names(ir::Op op);

// A constant tuple's items as constant expressions; nullptr for anything
// else (simulate.cpp).
ast::ExprPtr tuple_constant_items(const ast::ExprPtr& expr);

// Whether a LoadFast was a 3.14+ LOAD_FAST_BORROW (or half of the fused
// pair): the compiler proved the reference need not be counted, which it
// only does for a value used up in its own basic block (try_tail_placement.cpp).
bool borrowed_load(const CodeObject& code, const ir::Instr& instr);

// 3.12+: whether the lone jump at `at` is a JUMP_BACKWARD that turned a
// conditional jump to code laid out before it round (inverted_backward_jumps.cpp).
bool inverted_backward_jump(const CodeObject& code, const ir::Instr& jump, int at);

// `__debug__ and test`, an And test's values flattened (debug_and_tests.cpp).
ast::ExprPtr debug_and(ast::ExprPtr test);

class FunctionDecompiler {
 public:
  FunctionDecompiler(const CodeObject& code, const DecompileOptions& options);

  ast::Body run();
  CodeKind kind() const { return kind_; }

 private:
  // ---- the walk (function_decompiler.cpp, body_finishing.cpp) ----
  // Decompiles from `begin` until control reaches region.stop (returns
  // true) or leaves otherwise: return, raise, break, continue (false).
  // A loop body starts at its own header, which is also its stop: that
  // walk passes enter_loop_header.
  bool walk_region(int begin, const Region& region, Stack& stack, ast::Body& out, bool enter_loop_header = false);
  void finish_body(ast::Body& body);
  bool every_path_ends_in_implicit_return(const ast::Body& body) const;
  bool try_ends_in_implicit_returns(const ast::Body& body) const;
  void restore_else_raise_at_end(ast::Body& body) const;
  // ---- implicit_return_else.cpp ----
  bool none_constant_met_last() const;
  bool leaves_through_implicit_return(const ast::Body& body, bool none_met_last, bool& copied) const;
  void restore_else_before_implicit_return(ast::Body& body, bool none_met_last) const;
  void restore_debug_block(ast::Body& body) const;
  // 3.10+: an `if 0:` block where co_names holds names no code uses (dead_code_names.cpp).
  void restore_dead_code_names(ast::Body& body) const;
  // Fails when a value the walk could only stand in for (the exception
  // state an except clause keeps on the stack) reached a statement: the
  // text would run differently, so the function must not be printed.
  void reject_unnamed_values(ast::Body& body) const;
  // Fails when a bare `raise` of an except clause ended up outside every
  // except clause and finally body: no exception would be active there
  // (misplaced_reraises.cpp, 3.11+).
  void reject_misplaced_reraises(ast::Body& body) const;
  // 3.11+: the `COPY 3; POP_EXCEPT; RERAISE 1` handler of the except clause
  // (or finally handler copy) that the instruction at `index` runs in, read
  // from the exception table; -1 when none (clause_cleanup_cover.cpp).
  int clause_cleanup_covering(int index) const;
  bool jump_stays_in_clause(int header, int jump, int target, const std::vector<char>& clause_entries) const;
  mutable std::vector<int> table_handlers_;  // each instruction's handler in the exception table, see-through none
  bool ends_in_unreachable_implicit_return() const;
  bool dropped_implicit_return() const;  // (final_loop_else.cpp)
  // Whether the instruction at `index` is LOAD_CONST None, and whether
  // LOAD_CONST None; RETURN_VALUE starts there.
  bool loads_none(int index) const;
  bool returns_none_at(int index) const;
  void emit(ast::Body& out, ast::StmtPtr stmt, int instr_index);
  [[noreturn]] void fail(int instr_index, const std::string& message) const;
  // The block of an instruction; an index outside the code (corrupt input)
  // is a DecompilationError, never an out-of-bounds read.
  int block_at(int instr_index) const {
    if (instr_index < 0 || instr_index >= int(graph_.block_of.size())) fail(-1, "reference outside the code");
    return graph_.block_of[instr_index];
  }
  int walk_depth_ = 0;  // nesting of walk_region calls

  // ---- expressions and simple statements (simulate.cpp, stores_and_calls.cpp) ----
  void simulate(int index, Stack& stack, ast::Body& out);
  Value pop(Stack& stack, int index);
  ast::ExprPtr pop_expr(Stack& stack, int index);
  ast::ExprPtr expr_of(const Value& value, int index);
  bool chain_onto_previous_assignment(ast::Body& out, const ast::ExprPtr& value,
                                      const std::vector<ast::ExprPtr>& targets) const;
  void store(int index, const Value& value, ast::ExprPtr target, Stack& stack, ast::Body& out);
  void simulate_call(int index, Stack& stack);
  void group_parallel_stores(int index, Value& value, Stack& stack);
  void simulate_call_ex(int index, Stack& stack);
  void hold_class_body(int count, Stack& stack);
  Value class_definition_call(const std::shared_ptr<ast::Call>& call, int index);
  bool folded_arguments(const ast::ExprPtr& args) const;
  bool is_assert_raise(int index) const;
  void simulate_import(int index, Stack& stack, ast::Body& out);
  // `from m import *`: pops the module, emits the statement.
  void import_star(int index, Stack& stack, ast::Body& out);
  void discard(int index, Stack& stack, ast::Body& out);

  // ---- order of evaluation (evaluation_order.cpp) ----
  // simulate(), then spill the values held below what the instruction
  // consumed into temporaries when its statements would overtake them.
  void simulate_in_order(int index, Stack& stack, ast::Body& out);
  // Emits `temp = value` at out[position], makes the later statements and
  // every stack slot refer to the temporary, returns its name.
  ast::ExprPtr spill(const ast::ExprPtr& value, Stack& stack, ast::Body& out, std::size_t position, int index);
  std::string new_temporary();
  bool is_temporary(const std::string& name) const;
  int temporaries_ = 0;
  std::vector<ast::ExprPtr> held_before_;  // simulate_in_order's snapshot of the stack
  std::vector<const FunctionValue*> held_functions_;  // ... and of its function values
  // LIST_EXTEND and friends on a container that is not a display being
  // built (or is shared with another stack slot): a method call statement.
  void update_container_in_place(int index, Value& target, const char* method, std::vector<ast::ExprPtr> arguments,
                                 Stack& stack, ast::Body& out);
  bool shared_with_other_slot(const Value& target, const Stack& stack) const;
  // Whether a stack slot or an emitted statement already holds `node`.
  static bool consumed_elsewhere(const ast::Expr* node, const Stack& stack, const ast::Body& out);
  static bool is_constant_display(const ast::ExprPtr& expr);
  // LOAD_CLOSURE pushes a cell. Compiled source only does that to build a
  // nested function's closure (or a class's __class__ cell), where the name
  // stands for it; generated code may pass the cell on, which source can
  // only write as `(lambda: name).__closure__[0]`.
  bool closure_feeds_definition(int index) const;
  static ast::ExprPtr cell_expression(const std::string& name);
  // UNPACK_SEQUENCE whose items stay on the stack as values (generated
  // code) rather than being stored: `__temp_1, __temp_2 = value`.
  bool unpacked_into_values(int index) const;
  // 3.13+: the POP_TOP at index stands for a store to the local that the
  // store after it (and after further POP_TOPs) writes; -1 if it does not.
  int dropped_store_target(int index) const;
  // 3.13+: the POP_TOP at index drops a value held under the store just
  // made, the first store of `y, y = value, other` (repeated_store_pops.cpp):
  // rewrites that store into the tuple assignment; false if it is not one.
  bool pop_after_repeated_store(int index, const Value& value, ast::Body& out);
  void unpack_into_temporaries(int index, const std::shared_ptr<AssignmentGroup>& group, Stack& stack,
                               ast::Body& out);

  // ---- control flow (conditions.cpp, if_statements.cpp, loops.cpp) ----
  int decompile_conditional(int index, const Region& region, Stack& stack, ast::Body& out);
  // ---- ≤3.9 dead code that says an if had an else clause (dead_else_markers.cpp) ----
  int dead_jump_over_else_target(int then_start, int else_start) const;
  bool dead_jump_is_written_continue(int then_start, int else_start, const Region& region) const;
  bool has_extended_arg(int at) const;
  bool branch_passes_dead_target(int then_start, int dead_target, const Region& region) const;
  bool dead_label_after_branch(int head) const;
  int threaded_loop_jump_else(int then_start, int else_start, const Region& region) const;
  // ---- if branches stopping at different places (branch_stops.cpp) ----
  bool branch_skips_code_at_continue(bool falls, int stopped, int continue_at, const Region& region) const;
  // 3.8: refuses a branch that jumps to the END_FINALLY of its finally
  // body where the if does not end (safety/branch_stops.cpp).
  void refuse_silent_finally_exit(bool falls, const ast::Body& body, int start, int join) const;
  void refuse_branch_into_finally_end(bool falls, int arrivals_before, int start, int join, const Region& region) const;
  // Refuses code read into an except clause from past the clause's
  // POP_EXCEPT that computes anything (safety/code_after_clause_end.cpp).
  void refuse_code_after_clause_end(const ast::Body& rest, const Stack& entry, int start) const;
  // ---- ≤3.9 jumps the peephole optimizer could not thread (unthreaded_continues.cpp) ----
  int header_jump_ending_branch(int then_start, int else_start, const Region& region) const;
  bool if_end_threads_elsewhere(int if_end, const Region& region) const;
  bool threaded_through_latch(int at, int stop, const Region& region) const;
  int dead_clause_exit_past(int handler, int code_start, const std::vector<ast::ExceptHandler>& handlers) const;
  int dead_exit_else_stop(int code_start, int target, const Region& region) const;  // dead_exit_else_end.cpp
  // ---- break/continue ending a branch outside protected code (branch_loop_jumps.cpp) ----
  std::pair<ast::StmtPtr, int> branch_loop_jump(int at, const Region& region, std::size_t base_depth,
                                                const Stack& branch_stack) const;
  int implicit_return_tail_length(int at) const;
  int decompile_value_bool(int index, const Region& region, Stack& stack);
  // (`natural`: the loop to structure when it is not the whole loop the
  // header heads.)
  int decompile_loop(int block, const Region& region, Stack& stack, ast::Body& out,
                     const cfg::Loop* natural = nullptr);
  const cfg::Loop* natural_loop_of(const LoopContext& context) const {
    return context.natural ? context.natural : graph_.loop_headed_by(context.header_block);
  }
  int written_final_continue(int header, int exit) const;
  bool falls_to_header_jump(int index) const;
  int fallen_out_break_target(int header_block, const cfg::Loop& loop) const;
  int dead_break_target(int header_block, const cfg::Loop& loop) const;
  // 3.14 `while True:` ending in `if c: break` (unborrowed_loop_exit.cpp).
  int unborrowed_break_target(int header_block, const cfg::Loop& loop) const;
  bool unvisited_after_try(int from, int header_block) const;
  // 3.12+ break out of a try/finally whose copy runs on into a copy of the code after the loop (finally_break_follow.cpp).
  int finally_break_follow(int header_block, const cfg::Loop& loop, int protection) const;
  bool loads_only_strongly(int from) const;
  // 3.14: whether the if statement testing `condition`, after the
  // statements in `out`, was written `if __debug__ and test:` (debug_and_tests.cpp).
  bool test_after_debug_check(const Condition& condition, const ast::Body& out) const;
  // 3.14: an else clause borrows, code after a try does not (code_after_try_loads.cpp).
  int else_clause_by_loads(int from) const;
  int try_end_after_borrowing_else(int else_start, int header_block, int handler) const;
  int shared_return_after_endless_loop(int header_block, const cfg::Loop& loop, const Region& region) const;
  // 3.10+ `while c:` whose body starts with `while True:`: both loops
  // jump back to the body's first instruction, so the graph has one loop
  // there. The inner loop is the one of the back edges other than the
  // latch repeating c, which starts at test_start (null when there are none).
  const cfg::Loop* loop_sharing_header(const cfg::Loop& loop, int latch, int test_start);
  std::deque<cfg::Loop> split_loops_;  // (stable addresses for LoopContext::natural)
  ast::ExprPtr infinite_loop_test(const cfg::Loop* loop) const;
  int try_inverted_while_left_to_outer_loop(const ast::ExprPtr& test, int jump, int body, const Region& region,
                                            Stack& stack, ast::Body& out, int index);
  int try_inverted_while(const ast::ExprPtr& test, int then_start, int else_start, const Region& region, Stack& stack,
                         ast::Body& out, int index, int top_test = -1);
  int try_inverted_while_at_header(int block, const cfg::Loop* loop, const Region& region, Stack& stack,
                                   ast::Body& out);
  int repeated_latch_test(int test_block, const cfg::Loop* loop, int header_block, int then_start, int else_start,
                          int index) const;
  Condition read_condition(int index, Stack& stack);
  void unthread_continue_target(int& target, int condition, int t2, int f2) const;
  bool extend_to_ternary_condition(Condition& chain, std::vector<int>& chain_blocks, Stack& stack);
  int folded_true_side(int near, int far, const std::vector<int>& chain_blocks) const;
  // Simulates [first, jump) on `stack` and reads the condition ending at
  // `jump`; an empty Condition when that block is not one (the caller
  // restores what the trial marked visited).
  Condition trial_condition(int first, int jump, Stack& stack);
  bool leads_back_into(const cfg::Loop& loop, int block) const;
  bool body_jumps_over_exit(const cfg::Loop& loop, int exit, const std::vector<int>& test_blocks) const;
  bool is_pure_condition_block(int block, const Stack& stack, bool allow_loop_header = false,
                               bool allow_chain_start = false) const;
  int join_of(const Condition& condition, const Region& region) const;
  bool reached_only_leaving_clauses(int at, const std::string& clause_name) const;
  int clause_leaving_target(int jump, const std::string& clause_name) const;
  int pop_except_before(int jump, int first, const std::string& clause_name) const;
  bool inside(int instr, const Region& region) const;
  bool leaves_protection_at(int instr, const Region& region) const;
  bool post_only_around_loop(const Condition& condition, int post, const Region& region) const;
  bool inside_loop_body(int instr, const Region& region) const;

  // ---- exception handling (protection.cpp, finally_copies.cpp, try_statements.cpp, with_statements.cpp) ----
  bool within_protection(int instr, int protection) const;
  int outermost_new_handler(int instr, int protection) const;
  int first_outside(int start, int protection, int loop_header = -1) const;
  int try_body_end(int start, int protection, int loop_header = -1) const;
  std::vector<char> reachable_before(int from, int stop) const;
  int end_of_private_return(int at) const;
  bool lone_jump_leaving(int at, int protection) const;
  bool lone_jump_out_of(int at, int protection) const;
  bool is_lone_jump(int at, int target = -1) const;
  // 3.12+: whether `at` is the lone JUMP_BACKWARD a conditional jump just
  // before it jumps over, the turned-round exit of a condition
  // (inverted_backward_jumps.cpp).
  bool inverted_condition_exit(int at) const;
  // Whether `a` and `b` are two such exits to one place.
  bool same_inverted_condition_exit(int a, int b) const;
  // The exits a condition kept of several such copies it read as one: the
  // end of the if's branch, never a written `continue` (which compiles to
  // one jump).
  std::vector<int> merged_condition_exits_;
  // Whether the block is entered only from the condition's own blocks.
  bool only_from_condition(int block, const Condition& condition) const;
  // Whether the branch laid out from then_start to else_start, which fell
  // through to `then_stopped`, ends in a backward jump of its own to the
  // loop's start (3.10+: a `continue`).
  bool ends_in_own_continue_jump(int then_start, int else_start, int then_stopped, const Region& region) const;
  bool ends_in_shared_continue_jump(int then_start, int else_start, int then_stopped, const Region& region) const;
  bool is_repeated_loop_test(const LoopContext& loop, int target) const;
  bool continue_to_header_nop(int jump, const LoopContext& loop) const;
  bool written_continue_after_try(int jump, const Region& region) const;
  bool jumps_back_from_body(int at, int protection) const;
  std::vector<char> reachable_without_exceptions(int from) const;
  bool jumps_back_into(int at, int protection, int depth = 0, int loop_header = -1) const;
  // The header of a loop at `at` whose loop runs outside `protection` too.
  bool loop_leaves_protection(int at, int protection) const;
  int try_at_loop_header_ = -1;  // a try starting at the header of the loop being walked
  const std::vector<char>& normally_reachable_from(int start, std::vector<char>& local) const;
  bool is_finally_handler(int handler) const;
  int decompile_try(int index, int handler, const Region& region, Stack& stack, ast::Body& out);
  // ---- values held across the edge of a try body, generated code (protected_stack_values.cpp) ----
  void spill_values_entering_try(Stack& stack, ast::Body& out, int index);
  void spill_values_leaving_try(const Stack& before, Stack& body_stack, ast::Body& body, int index);
  int decompile_with(int index, const Region& region, Stack& stack, ast::Body& out);
  // ---- the exits of with bodies (with_exits.cpp) ----
  int past_exit_await(int at) const;
  int with_exit_call_length(int at) const;
  // Stack slots a with keeps under its body: __exit__ (≤3.13), __exit__
  // and its self (3.14+ LOAD_SPECIAL).
  int with_exit_slots() const { return code_.version.minor >= 14 ? 2 : 1; }
  int past_with_exit_calls(int at) const;
  bool returns_through_with_exit(int at) const;
  std::vector<int> protected_body_exits(int start, int handler) const;
  int with_normal_exit(int start, int handler) const;
  int with_suppressed_resume(int handler) const;
  int with_suppressed_continuation(int handler) const;
  bool return_through_with_exit(int& at, const Region& region, Stack& stack, ast::Body& out);
  bool loop_jump_through_with_exit(int at, const Region& region, const Stack& stack, ast::Body& out);
  bool goes_on_alike(int a, int b) const;
  // (shared_finally_return.cpp)
  bool finish_return_in_shared_finally(int stopped, int end, const Region& finally_region, std::size_t base,
                                       Stack& finally_stack, ast::Body& finally_body);
  int decompile_shared_finally(int index, int handler, const Region& region, Region body_region, Stack& stack,
                               ast::Body& out);
  // swallowing_finally.cpp: a finally body that always leaves (return, break, continue).
  int decompile_swallowing_finally(int index, int handler, Region body_region, Stack& stack,
                                   const ast::Body& finally_body, ast::Body& out, bool at_loop_header);
  bool swallows_exception(const ast::Body& body) const;
  bool match_swallowing_copy(int original, int copy, bool value_pending, std::vector<int>& copy_instrs) const;
  int handler_body_start(int handler) const;
  int same_continuation(int copy, int original) const;
  int same_code_to_exit(int copy, int original) const;
  bool same_instruction_at(int a, int b) const;
  static bool same_op(ir::Op a, ir::Op b);
  // (without_exit: a finally body none of whose paths ends, which has no
  // continuation to find.)
  bool match_finally_copy(int original, int copy, int protection, std::vector<int>& copy_instrs,
                          std::vector<int>& continuations, bool without_exit = false) const;
  // (through_branching: also past a copy with branches, each going on into
  // its own copy of the rest of the return.)
  int past_finally_copies(int at, const Region& region, bool through_branching = false) const;
  int past_exception_drop(int at) const;
  int past_enclosing_clause_exits(int at) const;
  bool shared_with_other_paths(int from, int to) const;
  int past_branching_finally_copy(int at, const Region& region, std::vector<int>* covered = nullptr) const;
  int finally_copy_length(int at, const Region& region) const;
  bool runs_finally_copy(int at, const Region& region) const;
  bool skip_branching_finally_copy(int& at, const Region& region);
  bool finish_return(int& i, const Region& body_region, Stack& stack, ast::Body& body);
  bool finish_return_after(int body_end, const Region& body_region, std::size_t base, Stack& body_stack,
                           ast::Body& body);
  void push_exception_values(Stack& stack) const;
  struct ClauseTail {
    int clause;   // index into the handlers
    int start;    // first instruction after the clause's POP_EXCEPT (and name unbinding)
    Stack stack;  // the stack there
  };
  // Whether the code at `at` is `return CONSTANT` (LOAD_CONST; RETURN_VALUE),
  // and whether it is that after POP_TOPs (iterators).
  bool returns_constant_at(int at) const;
  bool returns_constant_after_pops(int at) const;
  int decode_except_clauses(int handler, const Region& region, const Stack& stack,
                            std::vector<ast::ExceptHandler>& handlers, std::vector<ClauseTail>& tails,
                            int* dead_exit = nullptr, std::vector<std::vector<int>>* ends_out = nullptr);
  // ---- where the code after a try body goes (try_tail_placement.cpp) ----
  enum class TailPlace { InBody, InElse, AfterTry };
  struct FirstUse {
    int name = -1;      // earliest co_names position, -1: none
    int constant = -1;  // earliest co_consts position, -1: none
  };
  FirstUse first_own_use(const std::vector<int>& mine, const std::vector<int>& other, const std::vector<int>& shared,
                         bool own_none_tells = true) const;
  TailPlace place_tail_after_leaving_clauses(int body_start, int handler, const std::vector<int>& tail,
                                             const std::vector<int>& clauses, const std::vector<int>& body,
                                             const ast::Body& tail_statements) const;
  // How many of those statements stay in the else clause, the rest going
  // after the try, where the placement above contradicts the evidence and
  // a split does not; -1: keep the placement (try_tail_split.cpp).
  int split_tail_between_else_and_after(int body_start, const std::vector<int>& tail, const std::vector<int>& clauses,
                                        const ast::Body& tail_statements, TailPlace placed) const;
  bool body_ends_borrowing(int tail_start) const;
  // ---- try/except* (except_star.cpp) ----
  bool is_except_star_handler(int handler) const;
  bool prepares_reraise_star(int at) const;
  int follow_except_star_glue(int at, int& appends);
  std::vector<int> clause_body_exits(int start, int cleanup) const;
  // The except* clause whose body is being walked: its cleanup handler,
  // name, and where its ends land (the next clause or PREP_RERAISE_STAR).
  struct ExceptStarClause {
    int cleanup = -1;
    std::string name;
    int landing = -1;
  };
  ExceptStarClause except_star_clause_;
  int except_star_clause_end_copy(int at, const Region& region) const;
  int except_star_loop_follow(int header_block, int natural_exit, const Region& region) const;
  // Reads the except* clauses of `handler`; returns the join as
  // decode_except_clauses does (the code after the try reached without a
  // jump becomes the one tail, of the last clause).
  int decode_except_star_clauses(int handler, const Region& region, const Stack& stack,
                                 std::vector<ast::ExceptHandler>& handlers, std::vector<ClauseTail>& tails);
  // ---- clauses ending in break/continue (loop_exit_clauses.cpp) ----
  int dead_clause_exit(int after_jump, const std::string& name) const;
  bool natural_clause_end(int exit, const std::string& name, const Region& region) const;
  int break_to_exit_copy(int pop_top, const Region& region, const Stack& stack) const;
  void refuse_break_past_finally_loop_end(int start, int end) const;
  // ---- finally bodies that never end (endless_finally.cpp) ----
  bool ends_without_reraise(const ast::Body& finally_body) const;
  int past_walked_code(int start, const std::vector<char>& visited_before) const;
  bool keeps_closing_reraise(const ast::Body& body, int depth) const;
  int copied_break_target(const cfg::Loop& loop, int natural_exit) const;
  bool is_break_return_copy(int target, int follow) const;
  int break_return_copy_follow(int break_target, int natural_exit) const;
  int break_copy_without_original(const cfg::Block& b, int exit_block) const;
  int break_line_marker_target(int header_block, const cfg::Loop& loop) const;
  // (dropped_break_jumps.cpp)
  std::vector<int> dropped_break_copies(int header_block, const cfg::Loop& loop, int follow) const;
  int dropped_break_follow(int header_block, const cfg::Loop& loop) const;
  bool take_dropped_break(int at, const LoopContext& loop);
  bool break_after_protected_with(int at, const Region& region);
  bool starts_clause_break(int at) const;
  // ---- with statements re-entered by a Dynamo resume prologue, 3.10+ (resume_with_prologue.cpp) ----
  // Where the exit handler's suppressing path goes: on after the with
  // (None: compiled code), into `raise None`, or into the enclosing
  // re-entered with's normal exit and then its own such path.
  enum class ResumeSuppression { None, Raise, EnclosingExit };
  ResumeSuppression resume_prologue_suppression(int handler, const Region& region) const;
  int past_template_return_value(int at) const;
  // Whether the code at `a` and at `b` go on into the same cleanup tail.
  bool same_resume_cleanup(int a, int b) const;
  // The exit of a re-entered with's body that ends it: the one exit call
  // that is no return's and does not run on into the cleanup (-1: none).
  int resume_with_normal_exit(int start, int handler) const;
  std::string new_completion_flag();
  void set_completion_flag_at_end(ast::Body& body, const std::string& flag, int index);
  // After the with statement (whose normal exit goes on at `next`): the
  // test of its flag; returns where the walk goes on.
  int finish_resume_with(ResumeSuppression kind, const std::string& flag, int next, const Region& region, Stack& stack,
                         ast::Body& out);
  int completion_flags_ = 0;
  std::vector<ast::StmtPtr> completion_ifs_;  // the `if flag:` around the rest of an enclosing body
  // ---- with-body breaks of a while loop with an else clause (while_with_breaks.cpp) ----
  int with_break_past_else(const cfg::Loop& loop, int header_block, int else_start,
                           const std::vector<char>& normal) const;
  bool with_break_into_follow(int exit_call, const Region& region, ast::Body& body);
  // ---- 3.13 breaks running copies of an except clause's end (clause_end_break_copies.cpp) ----
  int clause_end_copy_length(int at) const;
  int clause_end_copy_after_pop(const cfg::Block& b) const;
  int while_break_clause_end_copy(const cfg::Block& b, int header) const;
  bool copied_clause_end(int copy, int end) const;
  int break_clause_end_copy(const cfg::Loop& loop, int natural_exit) const;
  bool constant_added_after_else(int constant, int else_block) const;
  std::vector<int> first_constant_loads() const;
  // 3.8 tuples built by BUILD_TUPLE_UNPACK outside a call's own argument
  // list: passed as `*args` they were a written `*(a, *b)`.
  std::vector<const ast::Expr*> written_unpack_tuples_;
  // 3.8 dict displays built by BUILD_MAP_UNPACK (`{'a': 1, **m}`): passed as
  // **kwargs they are one written `**{...}`, not the call's own keywords
  // (which would raise on a repeated key where the display overrides it).
  std::vector<ast::ExprPtr> written_unpack_maps_;
  // 3.9+ tuples made from a list (LIST_TO_TUPLE): a call's own arguments.
  std::vector<ast::ExprPtr> list_built_tuples_;
  // Class bodies of `class C(*b, **k)` waiting for their CALL_FUNCTION_EX.
  std::vector<std::shared_ptr<FunctionValue>> held_class_bodies_;
  // 3.9+ displays read from a constant extended into an empty one, and
  // that constant (`[1, 2, 3]`, unless more is added: `[*(1, 2, 3), *a]`).
  // (Held, not just their address: a freed display's may be reused.)
  std::vector<std::pair<ast::ExprPtr, ast::ExprPtr>> folded_displays_;
  // 3.14+: the constants the CFG optimizer appended by folding (folded_constants.cpp).
  bool folded_constants_found_ = false;
  FoldedConstants folded_constants_;
  bool printed_while_true_ = false;  // a loop was read as `while True:` (its True is in co_consts)
  bool finish_loop_exit_after(int body_end, int join, const Region& region, ast::Body& body);
  // The jump of a break/continue at `at` (a for loop's break pops the
  // iterator first), or the last instruction of the copy of the code after
  // the loop that a break jumps to; -1 when there is none.
  int loop_exit_jump(int at, const Region& region) const;
  // Whether such a jump (or copy) leaves the loop: a `break`, else a `continue`.
  bool is_loop_break(int exit, const Region& region) const;
  ast::StmtPtr loop_exit_statement(int exit, const Region& region) const;
  // 3.12+ the copy of a while loop's short follow code that a `break`
  // runs at `at`: its length, or 0.
  int while_break_copy_length(int at, const Region& region) const;
  int join_after_loop_exit_clauses(int body_end, int handler, int loop_join, int dead_exit, const Region& region) const;
  // ---- 3.13 clauses falling off the end of a loop body (clause_loop_ends.cpp) ----
  bool clause_end_falls_to_loop_end(int end, const std::string& name, int loop_end, const Region& region) const;
  void drop_fallen_off_continues(std::vector<ast::ExceptHandler>& handlers, const std::vector<std::vector<int>>& ends,
                                 int loop_end, const Region& region) const;
  void mark_handler_code_visited(int handler, int from, int keep = -1);
  bool unbinds_name_at(int index, const std::string& name) const;
  int skip_name_unbinding(int index, const std::string& name);
  // The index past the unbinding of `name` at `index`, or `index` (no marks).
  int after_name_unbinding(int index, const std::string& name) const;
  // Whether the code at `index` only unwinds (POP_EXCEPT, POP_BLOCK, name
  // unbinding) and returns a value it loads without a call.
  bool unwinds_to_return(int index) const;
  bool clause_ends_in_jump_and_return(const std::vector<int>& ends, const std::string& name,
                                      const Region* region = nullptr) const;
  bool raise_ends_clause_past_return(const std::vector<int>& ends, const std::string& name,
                                     const std::vector<char>& visited_before) const;
  int clause_end_into_copy(const std::vector<int>& ends, const std::string& name, int continuation) const;
  // Whether every end of a clause runs on into a return that is no copy of
  // the code the try body goes on to: `return` statements of the clause.
  bool clause_only_returns(const std::vector<int>& ends, const std::string& name, int continuation) const;
  int try_continuation_ = -1;  // where the body of the try whose clauses are read goes on (-1: nowhere)
  void claim_called_name_unbinding(int call, const std::string& name);
  std::vector<char> normally_reachable_;  // blocks reachable from the entry without exceptional edges

  // ---- async with / async for (async_constructs.cpp) ----
  // `first` (GET_AWAITABLE, GET_ANEXT); LOAD_CONST None; YIELD_FROM:
  // marks it decompiled and returns the index after it, -1 when absent.
  int skip_await(int at, ir::Op first = ir::Op::GetAwaitable);
  // The END_ASYNC_FOR handler of an `async for` loop whose header starts
  // at `header`, or -1 when the loop is not one.
  int async_for_handler(int header) const;
  // 3.8 `return` out of a with body: BEGIN_FINALLY; WITH_CLEANUP_START;
  // [await]; WITH_CLEANUP_FINISH; POP_FINALLY 0 drop the exit slot.
  bool skip_legacy_with_exit(int& i, Stack& stack);
  int async_for_follow_before_exit(int header, int exit) const;
  int decompile_async_for(int block, int handler, int follow, const Region& region, Stack& stack, ast::Body& out);
  bool is_awaited_comprehension(const ast::ExprPtr& awaited) const;
  // `with a, b:` compiles as `with a:` around `with b:`; written on one
  // line, the items are one statement (3.13 fuse instructions across them).
  static void merge_nested_with(std::vector<ast::WithItem>& items, ast::Body& body, bool is_async, int line);

  // ---- definitions (definitions.cpp) ----
  ast::ExprPtr function_expression(const FunctionValue& function, int index);
  ast::StmtPtr function_statement(const FunctionValue& function, const std::string& name,
                                  std::vector<ast::ExprPtr> decorators, int index);
  // The def statement of `function` (signature, defaults, annotations) around `body`.
  ast::StmtPtr function_def(const FunctionValue& function, const std::string& name, ast::Body body,
                            std::vector<ast::ExprPtr> decorators);
  ast::ExprPtr comprehension_expression(const FunctionValue& function, ast::ExprPtr iterable, int index);
  ast::StmtPtr class_statement(const Value& call_result, const std::string& name, int index);
  // function_statement, or where the function's body cannot be decompiled
  // and options allow it, a def around its original bytecode
  // (original_code_fallback.cpp).
  void define_function(ast::Body& out, const FunctionValue& function, const std::vector<ast::ExprPtr>& decorators,
                       int index);
  // A def used as a value (definitions_as_values.cpp): whether it can be a
  // `def` statement here, and emitting it at out[position] under a name
  // nothing else uses, returning that name.
  bool definable_as_statement(const FunctionValue& function) const;
  ast::ExprPtr define_as_statement(const FunctionValue& function, ast::Body& out, std::size_t position, int index);
  std::vector<std::string> definition_names_;
  // While simulate_in_order runs one instruction: where function_expression
  // puts the defs it makes (inserted before that instruction's statements).
  ast::Body* pending_definitions_ = nullptr;

  // ---- PEP 695 type parameters, 3.12+ (type_params.cpp) ----
  // The definition a `<generic parameters of NAME>` function builds, called
  // at once with `args` (the def's defaults): a def or class value carrying
  // its type parameters, or a pending `type` statement.
  static bool is_generic_parameters_scope(const CodeObject& code);
  Value generic_definition(const FunctionValue& scope, const std::vector<Value>& args, int index);
  Value run_generic_parameters_scope(const std::vector<Value>& args);
  int argument_index(const std::string& name, int arguments) const;
  // The expression a lazily evaluated bound, constraint, default or alias
  // value function returns.
  ast::ExprPtr lazy_value(const Value& function, int index);
  // 3.14+: one taking `.format` (lazily_evaluated_formats.cpp); null when it is not one.
  ast::ExprPtr format_taking_lazy_value(const Value& function, int index);
  ast::ExprPtr straight_line_value(int from = 0);
  // `type X[...] = value`: BUILD_TUPLE 3 of (name, type params or None,
  // value function) before CALL_INTRINSIC_1 INTRINSIC_TYPEALIAS.
  bool builds_type_alias(int index) const;
  void build_type_alias(int index, Stack& stack);
  Value type_alias_value(int index, const std::string& name, std::vector<ast::TypeParam> params,
                         const Value& value_function);
  void store_type_alias(int index, const Value& value, const ast::ExprPtr& target, ast::Body& out);
  // Drops what the compiler adds to every class body (class_bookkeeping.cpp).
  void drop_class_bookkeeping(ast::Body& body) const;
  // Module and class code: `break`s read from copies of the exit in a loop.
  std::vector<ast::StmtPtr> exit_breaks_;
  void restore_exit_break_else(ast::Body& body) const;
  ast::ExprPtr class_return_value(ast::ExprPtr value, ast::Body& out) const;
  // Drops what the compiler adds to the body of a generic class (or of one
  // holding generic methods): __type_params__, __classdict__, __classdictcell__.
  static void drop_generic_class_bookkeeping(ast::Body& body);
  // 3.11+ `*args: *Ts` (PEP 646): the annotation is unpacked to its one
  // item (UNPACK_SEQUENCE 1) between its name and the next pair.
  bool is_star_annotation(int index, const Stack& stack) const;

  int finish_for_loop(int header, int first, int follow, int exit, const LoopContext& context, const Region& region,
                      bool is_async, const ast::ExprPtr& iterable, bool inline_comprehension, Stack& stack,
                      ast::Body& out);

  // ---- conditions tested by jumps (condition_form.cpp) ----
  // The spelling of `expr` (or of its negation) that compiles to the same jumps.
  ast::ExprPtr condition_form(const ast::ExprPtr& expr, bool negated) const;
  ast::ExprPtr negate_condition(const ast::ExprPtr& expr) const { return condition_form(expr, true); }
  // How many compares the best such spelling leaves under a `not` the
  // AST optimizer folds (0 when the spelling compiles to the same jumps).
  int condition_folds(const ast::ExprPtr& expr, bool negated) const;

  // ---- conditional values before a 3.12+ inlined exit (inlined_exit_values.cpp) ----
  ast::ExprPtr single_value_of(int first, int end, const Stack& stack, bool keep);
  // Returns where to continue, or -2 when the branches are not such values.
  int try_value_before_inlined_exit(const ast::ExprPtr& test, int then_start, int else_start, Stack& stack,
                                    int test_index = -1);

  // ---- match statements, 3.10+ (match_statements.cpp) ----
  struct CasePattern {
    ast::PatternPtr pattern;  // null: not a pattern this reads
    int next = -1;            // the instruction after the pattern's code
    int fail = -1;            // where it goes when it does not match (-1: irrefutable)
  };
  // The pattern whose code starts at `at`, testing the value on top of `stack`.
  CasePattern read_case_pattern(int at, const Stack& stack);
  CasePattern read_or_pattern(int at, const Stack& stack);
  ast::ExprPtr read_case_guard(int at, int fail, Stack& stack, int& next);
  // A case whose pattern is structural (sequence, mapping, class, `as`;
  // match_patterns.cpp), starting at `at` with the case's subject on top:
  // null pattern when not one. `copied`: the code began by copying the
  // subject, which is left for the case to pop (not the last case tested).
  struct StructuredCase {
    ast::PatternPtr pattern;
    int next = -1;
    int fail = -1;  // where failing goes once the pattern's values are popped
    bool copied = false;
    std::vector<int> fail_pops;  // the POP_TOPs on the way there
  };
  StructuredCase read_structured_case(int at);
  // A match statement whose subject is on top of `stack` and whose first
  // case copies it at `index`: returns where to continue, -2 when not one.
  bool starts_structural_pattern(int index) const;
  int try_match_statement(int index, const Region& region, Stack& stack, ast::Body& out);

  // ---- annotated assignments (annotations.cpp) ----
  // Module and class bodies store annotations as `__annotations__['x'] = T`
  // after SETUP_ANNOTATIONS; returns whether STORE_SUBSCR at `index` is one
  // (then emitted as `x: T`, merged with a preceding `x = value`).
  bool store_annotation(int index, const ast::ExprPtr& owner, const ast::ExprPtr& key,
                        const ast::ExprPtr& annotation, ast::Body& out);
  // Under `from __future__ import annotations` the compiler keeps the
  // annotation's source text as a string constant; written back as source.
  ast::ExprPtr annotation_source(const ast::ExprPtr& annotation) const;
  // 3.14+: the annotations dict a compiler-made __annotate__ returns
  // (deferred_annotations.cpp).
  ast::ExprPtr annotations_from_annotate(const FunctionValue& annotate, int index);
  // Module and class bodies: the store of the body's __annotate__ (kept
  // for restore_deferred_annotations) or of `__conditional_annotations__ =
  // set()`, read as nothing; a SET_ADD marking a conditional annotation.
  bool deferred_annotation_store(const std::string& name, Stack& stack);
  bool conditional_annotation_mark(int index, Stack& stack, ast::Body& out);
  void restore_deferred_annotations(ast::Body& body);
  std::shared_ptr<FunctionValue> deferred_annotate_;

  // ---- value-context and/or around a condition (bool_values.cpp) ----
  // `a and b or c`: returns where to continue, or -2 when the condition at
  // hand does not start one.
  int try_and_or_value(const Condition& condition, const Region& region, Stack& stack);

  // ---- chained comparisons (chained_comparison.cpp) ----
  bool is_chain_link(int jump, const ast::ExprPtr& tested, const Stack& below) const;
  int decompile_chained_value(int jump, int resume, const ast::ExprPtr& first, Stack& stack);
  Condition read_chained_condition(int jump, Stack& stack, std::vector<int>& blocks);
  ast::ExprPtr walk_chain(int resume, const ast::ExprPtr& first, int cleanup, Stack& stack, int& after,
                          bool condition = false);
  bool claim_chain_cleanup(int cleanup, int skip, int expected);
  // Whether `block` is only the cleanup of chained comparisons' false links
  // that jumps on to where a false chain goes (no `break` of its own).
  bool is_chain_cleanup_jump(int block) const;

  // ---- loops (loop_tests.cpp) ----
  // The first instruction of a while loop's repeated test in the block
  // starting at block_first, whose first jump is latch_jump, repeating the
  // test whose first jump is top_jump.
  int repeated_test_start(int block_first, int latch_jump, int top_jump) const;
  // The same for a test of several jumps, the first at top_first and the
  // last at top_last, repeated by a latch test ending at latch_last (the
  // copy lies at or after `lowest`); -1 when the latch does not repeat it.
  int repeated_compound_test_start(int latch_last, int top_first, int top_last, int lowest) const;
  // The same for a chained comparison (`while a < b < c:`) whose first
  // jump is top_first, repeated by a latch test ending at latch_last.
  int repeated_chain_test_start(int latch_last, int top_first, int then_start) const;
  // Whether the conditional code from `first` is an inverted while loop's
  // top test that a condition chain starting at `chain_jump` must not absorb.
  bool starts_inverted_while_test(int first, int chain_jump) const;

  // ---- copies of exit blocks (exit_copies.cpp) ----
  int resolve_jumps(int index) const;
  int exit_copy_length(int a, int b) const;
  int code_copy_length(int a, int b) const;
  bool falls_only_into(int at) const;
  int tail_copy_length(int copy, int original, int evidence = -1) const;
  int first_name_in_order(const std::vector<int>& code, const std::vector<int>& shared) const;
  int else_compiled_first(int else_start, int else_end, int clauses_start, int clauses_end) const;
  // `a` and `b` are one target, or `b` starts a copy of the exit
  // code at `a` (then marked as decompiled).
  bool same_exit(int a, int b);
  bool falls_into_exit_copy(int at, int stop);
  // 3.14+: the condition's jumps land on separate copies of one exit
  // block, which an if statement has and a conditional expression has not
  // (exit_copies_per_jump.cpp).
  bool condition_jumps_to_exit_copies(const Condition& condition) const;
  // 3.14+: a returned constant loaded after the code that leaves a loop,
  // except clause or with (a written `return c`), or before it (a value:
  // a conditional expression's arm) (unwound_constant_returns.cpp).
  bool constant_loaded_after_unwinding(int return_index) const;
  bool constant_loaded_before_unwinding(int return_index) const;

  // ---- comprehensions (comprehensions.cpp) ----
  // The nest of for/if statements around one element marker, as the
  // comprehension of `kind` ("<listcomp>" ...); `iterable` replaces the
  // first loop's iterator when not null (≤3.11 `.0`).
  ast::ExprPtr comprehension_from_body(const ast::Body& body, const std::string& kind, ast::ExprPtr iterable,
                                       int index);
  // 3.12+ inlined comprehension: is the FOR_ITER at `header` the loop of one?
  bool is_inline_comprehension(int header, const Stack& stack) const;
  // Replaces the accumulator below the loop with the comprehension.
  void finish_inline_comprehension(int header, ast::StmtPtr loop, Stack& stack);
  // 3.13+: whether an inlined comprehension whose variable is `name` is
  // being walked (its LOAD_FAST_AND_CLEAR saved the outer slot): a cell of
  // that name is then shadowed by the comprehension's plain local.
  static bool shadowed_by_inlined_comprehension(const std::string& name, const Stack& stack);

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
  // Whether any MATCH_CLASS/SEQUENCE/MAPPING occurs: the walk asks at every
  // instruction whether a structural pattern starts there.
  bool has_structural_patterns_ = false;
  // AssertionError loaded by LOAD_ASSERTION_ERROR (3.9+): only an `assert`
  // statement produces it.
  // The lists below own their nodes: identity is compared by address, and a
  // node freed after a trial walk must not hand its address to a new one.
  std::vector<ast::ExprPtr> assertion_errors_;
  ast::StmtPtr as_assert(const ast::ExprPtr& guard, const ast::Body& then_body) const;
  // `assert not guard, message`, or `if a: assert not b, message` where no
  // single assert spells the guard's jumps (assert_form.cpp).
  ast::StmtPtr assert_statement(const ast::ExprPtr& guard, const ast::ExprPtr& message) const;
  bool raises_assertion_error(const ast::Raise& raise, ast::ExprPtr& message) const;
  ast::ExprPtr failing_assert_test() const;
  // 3.10+ copy the implicit `return None` ending a function into branches
  // that reach it; such copies carry the line of the code before them.
  std::vector<ast::StmtPtr> implicit_return_copies_;
  bool is_implicit_return_copy(int return_index) const;
  bool unwinds_with_line_of_its_own(int at) const;
  // 3.10 copy of the short code after a try at the end of its body
  // (try_exit_copies.cpp).
  bool is_copied_try_exit(int code) const;
  bool is_copied_try_tail(int code, int protection) const;
  bool entered_only_from_protection(int at, int start, int protection) const;
  bool written_loop_jump_ending_body(int body_end, const Region& region) const;
  std::vector<ast::StmtPtr> written_returns_;  // `return None` the source must have had
  // `return value` as this code may write it (an async generator only bare).
  ast::StmtPtr return_statement(ast::ExprPtr value) const;
  bool is_shared_return_none(int return_index) const;
  bool inlined_into_loop(int block) const;
  // Statements that never fall through but say where the code after them
  // was: a with statement's exit handler goes on there after suppressing
  // an exception, 3.8 keep a dead jump after a with's cleanup. A branch
  // they end that goes on elsewhere than the code after the if had an else.
  std::vector<std::pair<ast::StmtPtr, int>> continues_at_;  // (owned: an address is no identity once freed)
  bool continues_elsewhere(const ast::Body& body, int next) const;
  bool leaves_clause_elsewhere(int exit, int handler) const;
  bool read_clause_leaving_jump(int exit, const Region& region, ast::Body& body);
  // `raise` statements read from RERAISE: where a finally body read from
  // its handler ends (also at the end of its branches).
  // Bare `raise` statements from RERAISE, with the stack depth they re-raised at.
  std::vector<std::pair<ast::StmtPtr, int>> reraises_;
  std::vector<std::pair<const ast::Stmt*, int>> reraise_instrs_;  // each re-raise statement's RERAISE
  std::vector<std::pair<ast::StmtPtr, int>> bare_raises_;  // each `raise` read from RAISE_VARARGS 0, and it
  int enclosing_then_else_ = -1;  // the else start of the if whose first branch is being walked
  int finally_end_arrivals_ = 0;  // 3.8: walks that ended at their finally body's END_FINALLY
  // Drops the copies of a finally body's closing re-raise (stack at `depth`).
  void drop_final_reraises(ast::Body& body, int depth) const;
  bool ends_in_implicit_return(const ast::Body& body) const;
  // Whether the body ends in an if/else one of whose branches ends so
  // (implicit_return_else.cpp).
  bool if_ends_in_implicit_return(const ast::Body& body) const;
  // 3.12+ copy the RETURN_VALUE of `return a if c else b` into both
  // branches; a constant there stays a LOAD_CONST the copy follows.
  std::vector<ast::StmtPtr> branch_return_copies_;
  void check_everything_decompiled() const;
  std::vector<std::string> globals_;    // names declared `global`
  std::vector<std::string> nonlocals_;  // names declared `nonlocal`
  long steps_ = 0;                      // guards against a walk that would never end
};

// Helpers shared by the .cpp files.
CodeKind code_kind(const CodeObject& code);
std::shared_ptr<ast::Arguments> signature_of(const CodeObject& code);
bool is_true_constant(const ast::ExprPtr& expr);
bool is_false_constant(const ast::ExprPtr& expr);
bool is_none_constant(const ast::ExprPtr& expr);
// `return` or `return None`.
bool returns_none(const ast::StmtPtr& stmt);
ast::ExprPtr negate(ast::ExprPtr expr);
// `not expr` without folding or De Morgan, for conditions still being built.
ast::ExprPtr negate_plainly(ast::ExprPtr expr);
ast::StmtPtr try_finally(const ast::Body& body, const ast::Body& finally_body);
// The one expression a lambda-like body returns (a conditional return
// becomes an IfExp), or null.
ast::ExprPtr returned_expression(ast::Body::const_iterator first, ast::Body::const_iterator last);
void restore_final_else(ast::Body& body);
// ≤3.9: the code after a final loop that never breaks was its else
// clause (final_loop_else.cpp); false where the last compound statement is an if.
bool restore_final_loop_else(ast::Body& body);
// 3.10+: two returns of one value on one line are copies of one written
// return after an if/else (written_return_copies.cpp).
void merge_written_return_copies(ast::Body& body);
// Statements copied into every branch of an if ending the function, put
// back after it where the order of co_names/co_consts says so
// (copied_exit_tails.cpp).
void merge_copied_exit_tails(ast::Body& body, const CodeObject& code);

}  // namespace depyf::decompile
