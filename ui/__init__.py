"""What the players see: renderers that draw frame models and nothing else."""
