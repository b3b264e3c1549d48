#include "ir/ir.hpp"

namespace depyf::ir {

const char* op_name(Op op) {
  switch (op) {
#define DEPYF_OP_NAME(name) \
  case Op::name:            \
    return #name;
    DEPYF_OP_NAME(PopTop) DEPYF_OP_NAME(Copy) DEPYF_OP_NAME(Swap) DEPYF_OP_NAME(Rotate) DEPYF_OP_NAME(PushNull)
    DEPYF_OP_NAME(LoadConst) DEPYF_OP_NAME(LoadCommonConstant) DEPYF_OP_NAME(LoadName) DEPYF_OP_NAME(LoadGlobal) DEPYF_OP_NAME(LoadFast)
    DEPYF_OP_NAME(LoadFastCheck) DEPYF_OP_NAME(LoadFastAndClear) DEPYF_OP_NAME(LoadDeref)
    DEPYF_OP_NAME(LoadClassDeref) DEPYF_OP_NAME(LoadClosure) DEPYF_OP_NAME(LoadFromDictOrDeref)
    DEPYF_OP_NAME(LoadFromDictOrGlobals) DEPYF_OP_NAME(LoadLocals) DEPYF_OP_NAME(LoadBuildClass)
    DEPYF_OP_NAME(LoadAssertionError) DEPYF_OP_NAME(StoreName) DEPYF_OP_NAME(StoreGlobal) DEPYF_OP_NAME(StoreFast)
    DEPYF_OP_NAME(StoreDeref) DEPYF_OP_NAME(DeleteName) DEPYF_OP_NAME(DeleteGlobal) DEPYF_OP_NAME(DeleteFast)
    DEPYF_OP_NAME(DeleteDeref) DEPYF_OP_NAME(LoadAttr) DEPYF_OP_NAME(LoadMethod) DEPYF_OP_NAME(LoadSuperAttr)
    DEPYF_OP_NAME(StoreAttr) DEPYF_OP_NAME(DeleteAttr) DEPYF_OP_NAME(BinarySubscr) DEPYF_OP_NAME(StoreSubscr)
    DEPYF_OP_NAME(DeleteSubscr) DEPYF_OP_NAME(BinarySlice) DEPYF_OP_NAME(StoreSlice) DEPYF_OP_NAME(UnaryNegative)
    DEPYF_OP_NAME(UnaryPositive) DEPYF_OP_NAME(UnaryInvert) DEPYF_OP_NAME(UnaryNot) DEPYF_OP_NAME(BinaryOp)
    DEPYF_OP_NAME(Compare) DEPYF_OP_NAME(BuildTuple) DEPYF_OP_NAME(BuildList) DEPYF_OP_NAME(BuildSet)
    DEPYF_OP_NAME(BuildMap) DEPYF_OP_NAME(BuildConstKeyMap) DEPYF_OP_NAME(BuildString) DEPYF_OP_NAME(BuildSlice)
    DEPYF_OP_NAME(BuildUnpack) DEPYF_OP_NAME(ListAppend) DEPYF_OP_NAME(SetAdd) DEPYF_OP_NAME(MapAdd)
    DEPYF_OP_NAME(ListExtend) DEPYF_OP_NAME(SetUpdate) DEPYF_OP_NAME(DictUpdate) DEPYF_OP_NAME(DictMerge)
    DEPYF_OP_NAME(ListToTuple) DEPYF_OP_NAME(UnpackSequence) DEPYF_OP_NAME(UnpackEx) DEPYF_OP_NAME(BuildInterpolation) DEPYF_OP_NAME(BuildTemplate) DEPYF_OP_NAME(FormatValue)
    DEPYF_OP_NAME(ConvertValue) DEPYF_OP_NAME(Call) DEPYF_OP_NAME(CallFunctionEx) DEPYF_OP_NAME(CallIntrinsic1)
    DEPYF_OP_NAME(CallIntrinsic2) DEPYF_OP_NAME(MakeFunction) DEPYF_OP_NAME(SetFunctionAttribute)
    DEPYF_OP_NAME(ImportName) DEPYF_OP_NAME(ImportFrom) DEPYF_OP_NAME(ImportStar) DEPYF_OP_NAME(GetIter)
    DEPYF_OP_NAME(GetYieldFromIter) DEPYF_OP_NAME(GetAIter) DEPYF_OP_NAME(GetANext) DEPYF_OP_NAME(GetAwaitable)
    DEPYF_OP_NAME(ForIter) DEPYF_OP_NAME(EndFor) DEPYF_OP_NAME(EndAsyncFor) DEPYF_OP_NAME(YieldValue)
    DEPYF_OP_NAME(YieldFrom) DEPYF_OP_NAME(Send) DEPYF_OP_NAME(EndSend) DEPYF_OP_NAME(CleanupThrow)
    DEPYF_OP_NAME(ReturnValue) DEPYF_OP_NAME(RaiseVarargs) DEPYF_OP_NAME(Reraise) DEPYF_OP_NAME(Jump)
    DEPYF_OP_NAME(PopJumpIfFalse) DEPYF_OP_NAME(PopJumpIfTrue) DEPYF_OP_NAME(PopJumpIfNone)
    DEPYF_OP_NAME(PopJumpIfNotNone) DEPYF_OP_NAME(JumpIfFalseOrPop) DEPYF_OP_NAME(JumpIfTrueOrPop)
    DEPYF_OP_NAME(SetupFinally) DEPYF_OP_NAME(SetupWith) DEPYF_OP_NAME(SetupAsyncWith) DEPYF_OP_NAME(PopBlock)
    DEPYF_OP_NAME(PopExcept) DEPYF_OP_NAME(PushExcInfo) DEPYF_OP_NAME(CheckExcMatch) DEPYF_OP_NAME(JumpIfNotExcMatch)
    DEPYF_OP_NAME(CheckEgMatch) DEPYF_OP_NAME(PrepReraiseStar) DEPYF_OP_NAME(WithExceptStart)
    DEPYF_OP_NAME(BeforeWith) DEPYF_OP_NAME(BeforeAsyncWith) DEPYF_OP_NAME(BeginFinally) DEPYF_OP_NAME(CallFinally)
    DEPYF_OP_NAME(PopFinally) DEPYF_OP_NAME(EndFinally) DEPYF_OP_NAME(WithCleanupStart)
    DEPYF_OP_NAME(WithCleanupFinish) DEPYF_OP_NAME(GetLen) DEPYF_OP_NAME(MatchClass) DEPYF_OP_NAME(MatchMapping)
    DEPYF_OP_NAME(MatchSequence) DEPYF_OP_NAME(MatchKeys) DEPYF_OP_NAME(CopyDictWithoutKeys)
    DEPYF_OP_NAME(SetupAnnotations) DEPYF_OP_NAME(PrintExpr) DEPYF_OP_NAME(Nop)
#undef DEPYF_OP_NAME
  }
  return "?";
}

}  // namespace depyf::ir
