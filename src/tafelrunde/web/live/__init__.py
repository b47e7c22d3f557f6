"""Pages that update by themselves: the event stream per tournament and the projector."""
