meta:
  id: game
  title: Satisfactory game mode, game state and player state class data
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  What the game mode, the game state and player states write after their AActor part
  (satisfactory-save-1.2.md, "AFGGameMode", "AFGGameState", "AFGPlayerState").
types:
  player_state_pointers:
    doc: "`AFGGameMode` and `AFGGameState` data (the same layout): the player states."
    seq:
      - id: raw_player_state_pointers
        type: unreal::t_array_f_object_reference_disc
        doc: "`rawPlayerStatePointers`."
  afg_player_state:
    -savepoint-rust-name: AFGPlayerState
    doc: "`AFGPlayerState` data: the player's online id."
    seq:
      - id: id
        type: unreal::f_unique_net_id_repl
        doc: "`Id`."
