"""`TorchCompileWrapperWithCustomDispatcher`: keep the code objects torch.compile
makes for a module's forward and dispatch to them by hand (as vLLM does)."""

from __future__ import annotations

from abc import abstractmethod
from contextlib import contextmanager
from types import CodeType
from typing import Any, Callable, Iterator, List


class TorchCompileWrapperWithCustomDispatcher:
    """Subclasses implement `forward`, call torch.compile on it in `__init__`
    (passing the compiled callable here), and may dispatch in `__call__` with
    ``with self.dispatch_to_code(i): self.forward(...)`` over `compiled_codes`."""

    def __init__(self, compiled_callable: Callable[..., Any], use_custom_dispatcher: bool = True) -> None:
        from depyf.explain import torch_compat

        self.compiled_callable = compiled_callable
        self.original_code_object: CodeType = self.__class__.forward.__code__
        self.compiled_codes: List[CodeType] = []
        self._remove_hook = torch_compat.register_bytecode_hook(self.bytecode_hook)
        self.use_custom_dispatcher = use_custom_dispatcher

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiled_callable(*args, **kwargs)

    @abstractmethod
    def forward(self, *args: Any, **kwargs: Any) -> Any: ...

    def bytecode_hook(self, old_code: CodeType, new_code: CodeType) -> None:
        """Keeps Dynamo's code for this instance's forward."""
        from depyf.explain import torch_compat

        if old_code is not self.original_code_object:
            return
        namespaces = torch_compat.compiling_frame_namespaces(old_code)
        if namespaces is not None and namespaces[1].get("self") is not self:
            return  # another instance of this class
        self.compiled_codes.append(new_code)

    @contextmanager
    def dispatch_to_code(self, index: int) -> Iterator[None]:
        """Runs forward with compiled_codes[index]: Dynamo guarantees its arguments,
        free and cell variables are those of the original code."""
        self.__class__.forward.__code__ = self.compiled_codes[index]
        try:
            yield
        finally:
            self.__class__.forward.__code__ = self.original_code_object
