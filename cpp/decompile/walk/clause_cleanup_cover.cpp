// 3.11+: whether an instruction runs inside an except clause (or inside the
// handler's copy of a finally body), read from the exception table itself.
//
// Source shape:
//     try:
//         ...
//     except:
//         ...        <- every instruction here
// Bytecode shape: the clause's instructions are covered by a table entry
// whose handler restores the exception state, `COPY 3; POP_EXCEPT;
// RERAISE 1`, directly or through the handler that unbinds the name of
// `except E as name` (`LOAD_CONST None; STORE name; DELETE name; RERAISE
// 1`, itself covered by the restore). The clause's end and a `break`,
// `continue` or `return` leaving it run their POP_EXCEPT outside that
// range; code of a try nested in the clause that runs after the nested
// try (`except: try: ... except E: pass` then more code) stays inside it.
//
// The IR makes both handlers transparent (ir/exception_regions.cpp), since
// for the source they are no try statements; what they cover is read here
// from the table again.
#include "bytecode/instruction.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool restores_exception_state(const ir::Function& function, int at) {
  const auto& instrs = function.instrs;
  return at + 2 < int(instrs.size()) && instrs[at].op == ir::Op::Copy && instrs[at].arg == 3 &&
         instrs[at + 1].op == ir::Op::PopExcept && instrs[at + 2].op == ir::Op::Reraise;
}

bool unbinds_clause_name(const ir::Function& function, int at) {
  const auto& instrs = function.instrs;
  return at + 3 < int(instrs.size()) && instrs[at].op == ir::Op::LoadConst && ir::is_name_store(instrs[at + 1].op) &&
         ir::is_name_delete(instrs[at + 2].op) && instrs[at + 3].op == ir::Op::Reraise;
}

}  // namespace

int FunctionDecompiler::clause_cleanup_covering(int index) const {
  const int count = int(function_.instrs.size());
  if (code_.version.minor < 11 || index < 0 || index >= count) return -1;
  if (int(table_handlers_.size()) != count) {
    table_handlers_.assign(count, -1);
    for (const ExceptionTableEntry& entry : parse_exception_table(*function_.code)) {
      const int first = function_.index_at_offset(entry.start);
      const int last = function_.index_at_offset(entry.end);
      const int handler = function_.index_at_offset(entry.target);
      for (int i = first; i < last && i < count; ++i) table_handlers_[i] = handler < count ? handler : -1;
    }
  }
  int handler = table_handlers_[index];
  // (The name unbinding of `except E as name` is covered by the restore.)
  for (int guard = 0; guard < 4 && handler >= 0 && unbinds_clause_name(function_, handler); ++guard)
    handler = table_handlers_[handler];
  return handler >= 0 && restores_exception_state(function_, handler) ? handler : -1;
}

}  // namespace depyf::decompile

namespace depyf::decompile {

// A jump from inside an except clause whose handler the code of the loop
// headed by block `header` enters (`clause_entries`, by block) to code that the same clause
// still covers:
// the end of a try nested in the clause going on to the clause's next
// statement, which is no `break` of that loop.
bool FunctionDecompiler::jump_stays_in_clause(int header, int jump, int target,
                                              const std::vector<char>& clause_entries) const {
  const int cleanup = clause_cleanup_covering(jump);
  if (cleanup < 0 || clause_cleanup_covering(target) != cleanup) return false;
  // (Not for a loop inside an except clause or except* machinery, whose
  // breaks may stay in that clause: a handler's entry dominates its header.)
  for (int b = header, guard = 0; b >= 0 && guard < int(graph_.blocks.size()); ++guard) {
    if (function_.instrs[graph_.blocks[b].first].op == ir::Op::PushExcInfo) return false;
    if (graph_.idom[b] == b) break;
    b = graph_.idom[b];
  }
  // (Only a clause inside the loop, whose handler the loop's header
  // dominates.)
  for (const cfg::Block& entry : graph_.blocks)
    if (entry.id < int(clause_entries.size()) && clause_entries[entry.id] && graph_.dominates(header, entry.id) &&
        clause_cleanup_covering(entry.first) == cleanup)
      return true;
  return false;
}

}  // namespace depyf::decompile
