# Types of the compiled half of the bvhscope package (python/src/module.cpp). Use `bvhscope`.
import numpy as np

class Motion:
    joint_names: list[str]
    parents: np.ndarray
    offsets: np.ndarray
    end_sites: np.ndarray
    frame_count: int
    frame_time: float
    declared_frame_time: float
    up_axis: str
    unit: str
    format: str
    position_mode: str
    source: str
    name: str
    warnings: list[str]
    positions: np.ndarray
    holds_positions: bool
    array_joints: np.ndarray | None
    channels: list[str]
    channel_values: np.ndarray
    def __len__(self) -> int: ...
    def local_rotations(self, order: str = "xyz") -> np.ndarray | None: ...

def load(args: list[str], every_motion: bool) -> list[Motion]: ...
def from_npy_bytes(npy: bytes | memoryview, skeleton_text: bytes, fps: float) -> Motion: ...
def printable(name: bytes) -> str: ...
def run(args: list[bytes | Motion]) -> tuple[int, bytes, bytes]: ...

__version__: str
