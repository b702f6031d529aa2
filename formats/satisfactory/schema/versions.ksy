meta:
  id: versions
  title: Satisfactory version data (FSaveObjectVersionData and its parts)
  endian: le
  imports:
    - unreal
-savepoint-namespace: true
doc: The versions a level, object or blueprint was saved with (satisfactory-save-1.2.md, "Satisfactory Objects").
types:
  f_package_file_version:
    doc: "`FPackageFileVersion`."
    seq:
      - id: file_version_ue4
        type: s4
        doc: "`FileVersionUE4`."
      - id: file_version_ue5
        type: s4
        doc: "`FileVersionUE5`."
  f_custom_version_container:
    -savepoint-rust-type: unreal::TArray<unreal::FCustomVersion>
    -savepoint-transparent: versions
    doc: "`FCustomVersionContainer`: `TArray<FCustomVersion>`."
    seq:
      - {id: count, type: s4, -savepoint-count-of: versions}
      - {id: versions, type: unreal::f_custom_version, repeat: expr, repeat-expr: count}
  f_save_object_version_data:
    doc: "`FSaveObjectVersionData`: the versions a level or object was saved with."
    seq:
      - id: save_object_version_data_version
        type: u4
        doc: "`SaveObjectVersionDataVersion`."
      - id: package_file_version
        type: f_package_file_version
        doc: "`PackageFileVersion`."
      - id: licensee_version
        type: s4
        doc: "`LicenseeVersion`."
      - id: engine_version
        type: unreal::f_engine_version
        doc: "`EngineVersion`."
      - id: custom_versions
        type: f_custom_version_container
        doc: "`CustomVersionContainer`."
