meta:
  id: blueprint_config_parts
  title: Satisfactory blueprint config's fixed layouts (FTopLevelAssetPath, FLocalUserNetIdBundle, FPlayerInfoHandle's two forms)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: |
  The fixed layouts of a blueprint config (satisfactory-save-1.2.md, "BlueprintCfg File"), which
  `blueprint_config.ksy` reads.
types:
  f_top_level_asset_path:
    doc: "`FTopLevelAssetPath`."
    seq:
      - id: package_name
        type: unreal::fstring
        doc: "`PackageName`."
      - id: asset_name
        type: unreal::fstring
        doc: "`AssetName`."
  f_local_user_net_id_bundle:
    doc: "`FLocalUserNetIdBundle`."
    seq:
      - id: associated_account_id_string
        type: unreal::fstring
        doc: "`AssociatedAccountIdString`."
      - id: display_name
        type: unreal::fstring
        doc: "`DisplayName`."
      - id: backend_name
        type: unreal::fstring
        doc: "`BackendName`."
  t_array_f_local_user_net_id_bundle:
    -savepoint-rust-type: unreal::TArray<FLocalUserNetIdBundle>
    -savepoint-transparent: items
    doc: "`TArray<FLocalUserNetIdBundle>`: an int32 count, then the elements."
    seq:
      - {id: count, type: s4, -savepoint-count-of: items}
      - {id: items, type: f_local_user_net_id_bundle, repeat: expr, repeat-expr: count}
  f_player_info_handle_current:
    -savepoint-rust-name: PlayerInfoCurrent
    doc: "`FPlayerInfoHandle` (SaveVersion 57+): `ServiceProvider`, `PlayerInfoTableIndex` (int32)."
    seq:
      - id: service_provider
        type: u1
        doc: "`ServiceProvider`."
      - id: player_info_table_index
        type: s4
        doc: "`PlayerInfoTableIndex`."
  f_player_info_handle_legacy:
    -savepoint-rust-name: PlayerInfoLegacy
    doc: "`FPlayerInfoHandle` (legacy): `ServiceProvider`, `LegacyPlayerInfoTableIndex` (uint8)."
    seq:
      - id: service_provider
        type: u1
        doc: "`ServiceProvider`."
      - id: legacy_player_info_table_index
        type: u1
        doc: "`LegacyPlayerInfoTableIndex`."
